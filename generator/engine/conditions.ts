/** What a bonus rule needs of the holder, in the order a reader checks them (docs/ranking.md, "Conditions"). */
import type { Model } from './model.ts';
import type { CardRewardRow, CardRow } from '../../schemas/dataset.ts';
import { ALL_PURCHASES } from '../dataset/all-purchases.ts';
import { typicalRate, TYPICAL_MONTHLY_SPEND_USD } from './ranking.ts';
import { requirementNote, requirementsOf } from './requirements.ts';
import { rotationUnknown, rotationUnknownNote } from './rotation.ts';

/** One condition of a rate: its kind and a sentence a cardholder can act on. */
export interface Condition {
  readonly kind:
    | 'membership'
    | 'payment_method'
    | 'activation'
    | 'chosen_category'
    | 'auto_category'
    | 'cap'
    | 'channel'
    | 'rotation_unknown'
    | 'acceptance';
  readonly note: string;
}

/** How many of a card's automatic categories earn at once (Amex Business Gold: the two with the most spend). */
export function autoCategoriesOf(card: CardRow | undefined): number {
  return card?.auto_categories ?? 1;
}
const COUNT_WORDS: Readonly<Record<number, string>> = { 2: 'two', 3: 'three', 4: 'four', 5: 'five' };

const PER: Readonly<Record<NonNullable<CardRewardRow['cap_period']>, string>> = {
  month: 'month',
  quarter: 'quarter',
  year: 'calendar year',
};

/**
 * The conditions of a card's rate with `rule` (none for an unconditional base rate): first what the
 * card and the rate require (a membership, a way of paying), then the rule's own, and last, when the
 * card's rotating categories for the build date are unknown, the note that says so.
 */
export function conditionsOf(model: Model, earning: { readonly card: CardRow; readonly rule: CardRewardRow | null }): Condition[] {
  const conditions: Condition[] = requirementsOf(model, earning.card, earning.rule).map((requirement) => ({
    kind: requirement.kind,
    note: requirementNote(requirement, requirement.slug === earning.card.requires),
  }));
  conditions.push(...ruleConditions(model, earning.rule));
  if (rotationUnknown(model, earning.card)) conditions.push({ kind: 'rotation_unknown', note: rotationUnknownNote(model, earning.card) });
  return conditions;
}

function ruleConditions(model: Model, rule: CardRewardRow | null): Condition[] {
  if (rule === null) return [];
  const category = model.categories.get(rule.category)?.name ?? rule.category;
  const conditions: Condition[] = [];
  if (rule.selection === 'rotating') {
    conditions.push({ kind: 'activation', note: `rotating category: activate ${category} for ${rule.valid_from} to ${rule.valid_to}` });
  } else if (rule.selection === 'chosen') {
    conditions.push({ kind: 'chosen_category', note: `the holder must choose ${category} as a bonus category` });
  } else if (rule.selection === 'auto') {
    const top = autoCategoriesOf(model.cardBySlug.get(rule.card));
    conditions.push({
      kind: 'auto_category',
      note:
        top === 1
          ? `only while ${category} is the card's top eligible category of the period`
          : `only while ${category} is one of the card's ${COUNT_WORDS[top] ?? top} eligible categories with the most spend in the period`,
    });
  }
  if (rule.cap_usd !== null && rule.cap_period !== null && rule.rate_after_cap !== null) {
    const unit = model.programs.get(model.cardBySlug.get(rule.card)?.program ?? '')?.kind === 'cash_back' ? '%' : 'x';
    const typical = typicalRate(rule);
    const bites = typical < rule.rate ? `; averages ${typical}${unit} on $${dollars(TYPICAL_MONTHLY_SPEND_USD)} a month` : '';
    // An all-purchases cap is one budget for the card's purchases outside its bonus categories, not per category.
    const scope = rule.category === ALL_PURCHASES ? ' of purchases outside its bonus categories' : '';
    conditions.push({
      kind: 'cap',
      note: `${rule.rate}${unit} on up to $${dollars(rule.cap_usd)}${scope} a ${PER[rule.cap_period]}, then ${rule.rate_after_cap}${unit}${bites}`,
    });
  }
  if (rule.channel === 'direct') conditions.push({ kind: 'channel', note: 'only when booked directly with the airline or hotel' });
  if (rule.channel === 'portal') conditions.push({ kind: 'channel', note: "only when booked through the issuer's travel site" });
  return conditions;
}

/** 25000 → "25,000", without Intl so every Node build prints the same. */
function dollars(amount: number): string {
  const [whole = '', cents] = String(amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return cents === undefined ? grouped : `${grouped}.${cents}`;
}
