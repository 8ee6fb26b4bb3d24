/** The checks of `all-purchases` rules (generator/dataset/all-purchases.ts) that a single row cannot state. */
import { ALL_PURCHASES } from './all-purchases.ts';
import type { Dataset } from './load-dataset.ts';
import type { Add } from './validate-card-valuations.ts';

/**
 * An all-purchases rule is one per card, fixed, on any channel, and capped: its rate above the rate
 * after the cap, which is the card's `base_rate`. Without a cap the rate belongs in `base_rate`,
 * unless it needs something of the holder (`requires`: Apple Card's 2 % on every Apple Pay
 * purchase): then it is above the base rate, which the card earns without it.
 * The category covers everything by definition, so no table may map it to MCCs or merchants.
 */
export function checkAllPurchases(dataset: Dataset, add: Add): void {
  const baseRates = new Map(dataset.cards.map(({ row }) => [row.slug, row.base_rate]));
  const firstLine = new Map<string, number>();
  for (const { row, line } of dataset.cardRewards) {
    if (row.category !== ALL_PURCHASES) continue;
    const seen = firstLine.get(row.card);
    if (seen !== undefined) {
      add('cardRewards', line, 'category', `${row.card} has an ${ALL_PURCHASES} rule already at line ${seen}; expected one per card`);
      continue;
    }
    firstLine.set(row.card, line);
    if (row.selection !== 'fixed')
      add(
        'cardRewards',
        line,
        'selection',
        `an ${ALL_PURCHASES} rule applies to every purchase; expected selection fixed, got ${row.selection}`,
      );
    if (row.channel !== 'any')
      add('cardRewards', line, 'channel', `an ${ALL_PURCHASES} rule applies to every purchase; expected channel any, got ${row.channel}`);
    const uncapped = row.cap_usd === null && row.cap_period === null && row.rate_after_cap === null;
    if (uncapped && typeof row.requires === 'string') {
      const base = baseRates.get(row.card);
      if (base !== undefined && row.rate <= base)
        add(
          'cardRewards',
          line,
          'rate',
          `an ${ALL_PURCHASES} rate that needs ${row.requires} is above the card's base_rate; expected more than ${base}, got ${row.rate}`,
        );
      continue;
    }
    if (row.cap_usd === null || row.rate_after_cap === null) {
      if (uncapped)
        add(
          'cardRewards',
          line,
          'cap_usd',
          `an ${ALL_PURCHASES} rule needs a cap (cap_usd, cap_period, rate_after_cap) or a requirement (requires); an uncapped rate on every purchase belongs in cards.csv base_rate`,
        );
      continue; // a partial cap is reported by the generic cap check
    }
    const base = baseRates.get(row.card);
    if (base !== undefined && row.rate_after_cap !== base)
      add(
        'cardRewards',
        line,
        'rate_after_cap',
        `the rate after an ${ALL_PURCHASES} cap is the card's base_rate in cards.csv; expected ${base}, got ${row.rate_after_cap}`,
      );
    if (row.rate <= row.rate_after_cap)
      add(
        'cardRewards',
        line,
        'rate',
        `a capped ${ALL_PURCHASES} rate is above the rate after its cap; expected more than ${row.rate_after_cap}, got ${row.rate}`,
      );
  }
  for (const { row, line } of dataset.categoryMcc) {
    if (row.category === ALL_PURCHASES)
      add('categoryMcc', line, 'category', `${ALL_PURCHASES} covers every MCC by definition; expected no rows for it`);
  }
  for (const { row, line } of dataset.categoryMerchant) {
    if (row.category === ALL_PURCHASES)
      add('categoryMerchant', line, 'category', `${ALL_PURCHASES} covers every merchant by definition; expected no rows for it`);
  }
}
