/**
 * One row of a ranked-cards table (place, card, rate, value, why), in one place for the tables the
 * generator builds (generator/site/internal/card-table.ts) and the rows "My cards" re-ranks in the
 * browser (browser/wallet.ts), so a re-ranked row reads and links as the built one. The row is a
 * small tree of elements and text: the generator prints it as HTML, the browser builds it as DOM,
 * and neither ever parses data as markup.
 */
import { type Channel, earningOn } from './choose-from-wallet.ts';
import type { EarnTableEntry } from './keyed.ts';
import { numberText, usd } from './number-text.ts';

/** An element of a row: its tag, attributes and children; a string is text. */
export interface RowElement {
  readonly tag: 'tr' | 'td' | 'a' | 'br' | 'span';
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly RowNode[];
}
export type RowNode = RowElement | string;

/** The rule behind a rate as an earn table or a ranking carries it (schemas/keyed/cards.ts, appliedRule). */
export interface RowRule {
  readonly category: string;
  readonly channel: string;
  readonly selection: string;
  readonly cap: { readonly usd: number; readonly period: string; readonly rate_after: number } | null;
  readonly valid_from: string | null;
  readonly valid_to: string | null;
}

/** What a row shows of one card's earning at a place: the fields of an earn table entry (schemas/keyed/earn-table.ts). */
export interface CardRowFacts {
  readonly slug: string;
  readonly name: string;
  readonly issuer_name: string;
  readonly cash_back: boolean;
  readonly rate: number;
  /** US cents per dollar under the valuation the table ranks by, and where the point value comes from. */
  readonly value_cents: number;
  readonly valuation_basis: string;
  readonly rule: RowRule | null;
  readonly category_name: string | null;
  readonly conditions: readonly { readonly kind: string; readonly note: string }[];
}

/** What a row shows of a card bought on `channel`, from its earn table entry (the standalone valuation, as the built rows). */
export function rowFactsOf(entry: EarnTableEntry, channel: Channel): CardRowFacts {
  const earning = earningOn(entry, channel);
  return {
    ...earning,
    slug: entry.slug,
    name: entry.name,
    issuer_name: entry.issuer_name,
    cash_back: entry.cash_back,
    value_cents: earning.values.standalone_cents,
    valuation_basis: earning.values.standalone_basis,
  };
}

/** Where a row links: the site paths of a card's page and a category's page (with the site's base path). */
export interface RowPaths {
  readonly card: (slug: string) => string;
  readonly best: (category: string) => string;
}

const node = (tag: RowElement['tag'], attributes: RowElement['attributes'], ...children: RowNode[]): RowElement => ({
  tag,
  attributes,
  children,
});

/** A card's own multiplier: `3 %` for cash back, `3×` for points and miles. */
export function rateText(cashBack: boolean, rate: number): string {
  return cashBack ? `${numberText(rate)} %` : `${numberText(rate)}×`;
}

/** What a rate is worth, in cents per dollar spent (which is also percent back), and when the point value is assumed. */
export function valueText(valueCents: number, valuationBasis: string): string {
  return `${numberText(valueCents)}¢ per $1${valuationBasis === 'assumed' ? ' (assumed 1¢ a point)' : ''}`;
}

const CAP_PERIOD: Readonly<Record<string, string>> = { month: 'a month', quarter: 'a quarter', year: 'a year' };

/** The rule behind a rate, in words, with its category linked to the category's page. */
export function ruleNodes(rule: RowRule | null, categoryName: string | null, cashBack: boolean, paths: RowPaths): RowNode[] {
  if (rule === null) return ['base rate (no bonus category of this card covers it)'];
  const cap =
    rule.cap === null
      ? ''
      : ` up to ${usd(rule.cap.usd)} ${CAP_PERIOD[rule.cap.period] ?? rule.cap.period}, then ${rateText(cashBack, rule.cap.rate_after)}`;
  const channel = rule.channel === 'direct' ? ' when paid directly' : '';
  const selection =
    rule.selection === 'chosen' ? ' (a category you choose)' : rule.selection === 'auto' ? ' (automatic, by where you spend most)' : '';
  const dates =
    rule.valid_from !== null || rule.valid_to !== null ? ` from ${rule.valid_from ?? 'now'} to ${rule.valid_to ?? 'further notice'}` : '';
  const rest = `${cap}${channel}${selection}${dates}`;
  const link = node('a', { href: paths.best(rule.category) }, categoryName ?? rule.category);
  return rest === '' ? [link] : [link, rest];
}

/** The conditions a row spells out under its rule: what the holder must have or do that the rule's words do not say. */
const NOTED_CONDITIONS: ReadonlySet<string> = new Set(['membership', 'payment_method', 'auto_category', 'rotation_unknown']);

/** The row of the card at `place` (1 for the best): what the built table and the re-ranked one both show. */
export function cardRow(facts: CardRowFacts, place: number, paths: RowPaths): RowElement {
  // A membership, a way of paying, how an automatic category is picked and an unknown rotating quarter are said
  // under the rule, in the engine's words (its condition notes).
  const notes = facts.conditions.filter((condition) => NOTED_CONDITIONS.has(condition.kind));
  return node(
    'tr',
    {},
    node('td', {}, String(place)),
    node(
      'td',
      {},
      node('a', { href: paths.card(facts.slug) }, facts.name),
      node('br', {}),
      node('span', { class: 'muted' }, facts.issuer_name),
    ),
    node('td', { class: 'num' }, rateText(facts.cash_back, facts.rate)),
    node('td', { class: 'num' }, valueText(facts.value_cents, facts.valuation_basis)),
    node(
      'td',
      {},
      ...ruleNodes(facts.rule, facts.category_name, facts.cash_back, paths),
      ...notes.flatMap((condition) => [node('br', {}), node('span', { class: 'muted' }, condition.note)]),
    ),
  );
}
