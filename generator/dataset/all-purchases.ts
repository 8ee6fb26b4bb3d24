/**
 * The one special bonus category: `all-purchases`, a capped rate on every purchase that no other
 * rule of the card covers (Amex Blue Business Plus: 2X on the first $50,000 a year, then 1X). It has
 * no rows in category_mcc.csv or category_merchant.csv: the engine treats it as covering every MCC
 * and merchant, and the card's `base_rate` holds the rate after its cap (docs/ranking.md §1).
 */
export const ALL_PURCHASES = 'all-purchases';
