/** What a data maintainer wants to see after `validate`: counts by issuer, network and program, and stale rows. */
import { datasetDate } from '../dataset/dataset-date.ts';
import { daysBefore } from '../internal/dates.ts';

export { daysBefore };
import type { Dataset } from '../dataset/load-dataset.ts';
import { tables } from '../dataset/tables.ts';
import { rotationUnknownIn } from './rotation.ts';
import { confirmedFlatRate, verificationSummary } from '../dataset/validate-verifications.ts';

/** Rows read longer ago than this many days are reported as stale unless the caller says otherwise. */
export const DEFAULT_MAX_AGE_DAYS = 180;

export interface SummaryOptions {
  /** A row whose `as_of` is more than this many days before `referenceDate` is stale (default 180). */
  readonly maxAgeDays?: number;
  /** The day ages are counted from (`YYYY-MM-DD`); default the dataset's latest `as_of`, so the summary never depends on the clock. */
  readonly referenceDate?: string;
  /** The build date rotating categories are checked on (`YYYY-MM-DD`); default the dataset's latest `as_of`, as `build`. */
  readonly buildDate?: string;
}

/** One row whose `as_of` is older than the age limit. */
export interface StaleRow {
  readonly file: string;
  readonly line: number;
  readonly asOf: string;
}

/** Every row, in table order then line order, whose `as_of` is before the cutoff (`referenceDate` minus `maxAgeDays`). */
export function staleRows(dataset: Dataset, options: SummaryOptions = {}): { cutoff: string; referenceDate: string; rows: StaleRow[] } {
  const maxAgeDays = options.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS;
  if (!Number.isInteger(maxAgeDays) || maxAgeDays < 0) throw new RangeError(`expected a whole number of days, got ${maxAgeDays}`);
  const referenceDate = options.referenceDate ?? datasetDate(dataset);
  const cutoff = daysBefore(referenceDate, maxAgeDays);
  const rows: StaleRow[] = [];
  for (const table of tables) {
    for (const { row, line } of dataset[table.name] as readonly { row: { as_of?: string }; line: number }[]) {
      if (row.as_of && row.as_of < cutoff) rows.push({ file: table.file, line, asOf: row.as_of });
    }
  }
  return { cutoff, referenceDate, rows };
}

/** Lines of text summarising the dataset's contents. */
export function summarizeDataset(dataset: Dataset, options: SummaryOptions = {}): string[] {
  const cards = dataset.cards.map(({ row }) => row);
  const active = cards.filter((card) => card.status === 'active');
  const countBy = (key: (card: (typeof cards)[number]) => string) => {
    const counts = new Map<string, number>();
    for (const card of active) counts.set(key(card), (counts.get(key(card)) ?? 0) + 1);
    return [...counts]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
  };
  const flatRate = confirmedFlatRate(dataset);
  const withoutRules = active.filter((card) => !dataset.cardRewards.some(({ row }) => row.card === card.slug)).map((c) => c.slug);
  const unconfirmed = withoutRules.filter((slug) => !flatRate.has(slug));
  const lines = [
    `tables: ${dataset.mcc.length} MCCs, ${dataset.issuers.length} issuers, ${dataset.programs.length} programs, ` +
      `${dataset.transferPartners.length} transfer routes, ${dataset.categories.length} categories (${dataset.categoryMcc.length} MCC and ` +
      `${dataset.categoryMerchant.length} merchant mappings), ${cards.length} cards (${active.length} active), ${dataset.cardRewards.length} reward rules, ` +
      `${dataset.cardBenefits.length} benefits, ${dataset.cardValuations.length} card valuations, ${dataset.programRedemptions.length} program redemptions, ${dataset.easyCredits.length} easy credits, ${dataset.merchants.length} merchants, ${dataset.portals.length} portals, ` +
      `${dataset.portalRates.length} portal rates, ${dataset.offers.length} offers`,
    `active cards by issuer: ${countBy((c) => c.issuer) || 'none'}`,
    `active cards by network: ${countBy((c) => c.network) || 'none'}`,
    `active cards by program: ${countBy((c) => c.program) || 'none'}`,
    `active cards by segment: ${countBy((c) => c.segment) || 'none'}`,
  ];
  if (withoutRules.length > 0)
    lines.push(
      `active cards with no bonus rule (base rate only): ${withoutRules.length}, ${withoutRules.length - unconfirmed.length} confirmed flat-rate by a page (flat_rate in verifications.csv)${unconfirmed.length > 0 ? `; not confirmed: ${unconfirmed.join(', ')}` : ''}`,
    );
  const buildDate = options.buildDate ?? datasetDate(dataset);
  const rulesByCard = new Map<string, (typeof dataset.cardRewards)[number]['row'][]>();
  for (const { row } of dataset.cardRewards) rulesByCard.set(row.card, [...(rulesByCard.get(row.card) ?? []), row]);
  const rotationUnknown = active.filter((card) => rotationUnknownIn(rulesByCard.get(card.slug) ?? [], buildDate)).map((c) => c.slug);
  if (rotationUnknown.length > 0)
    lines.push(
      `active cards with rotating categories and none in force on ${buildDate} (answers say this quarter's categories are not in the dataset): ${rotationUnknown.join(', ')}`,
    );
  const feeUnknown = active.filter((card) => card.foreign_tx_fee === null).map((c) => c.slug);
  if (feeUnknown.length > 0) lines.push(`active cards with no stated foreign transaction fee: ${feeUnknown.join(', ')}`);
  const unvalued = dataset.programs.filter(({ row }) => row.valuation_basis === 'assumed').map(({ row }) => row.slug);
  if (unvalued.length > 0) lines.push(`programs with an assumed valuation (ranked at 1 cent per point): ${unvalued.join(', ')}`);
  const byPortal = new Map<string, number>();
  for (const { row } of dataset.portalRates) byPortal.set(row.portal, (byPortal.get(row.portal) ?? 0) + 1);
  const merchantsWithRate = new Set(dataset.portalRates.map(({ row }) => row.merchant)).size;
  lines.push(
    `portal rates: ${merchantsWithRate} merchants with at least one, ${byPortal.size} portals: ${[...byPortal]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([portal, n]) => `${portal} ${n}`)
      .join(', ')}`,
  );
  const valued = new Set(dataset.cardValuations.map(({ row }) => row.card));
  const floors = new Set(dataset.programRedemptions.map(({ row }) => row.program));
  const bankProgram = new Set(dataset.programs.filter(({ row }) => row.kind === 'bank_points').map(({ row }) => row.slug));
  const byDefault = active.filter((card) => bankProgram.has(card.program) && !valued.has(card.slug));
  if (byDefault.length > 0) {
    const shown = byDefault.map((card) => `${card.slug} (${floors.has(card.program) ? "program's floor" : "program's value"})`);
    lines.push(`active bank-points cards without a card_valuations row, valued by the default: ${shown.join(', ')}`);
  }
  const linked = new Set(dataset.transferPartners.map(({ row }) => row.from_program));
  const bankPrograms = dataset.programs.filter(({ row }) => row.kind === 'bank_points' && !linked.has(row.slug)).map(({ row }) => row.slug);
  if (bankPrograms.length > 0) lines.push(`bank programs without transfer partners: ${bankPrograms.join(', ')}`);
  const noDomain = dataset.merchants.filter(({ row }) => row.domains.length === 0).length;
  lines.push(`merchants without a web domain: ${noDomain} of ${dataset.merchants.length}`);
  const allByIssuer = new Map<string, number>();
  for (const card of cards) allByIssuer.set(card.issuer, (allByIssuer.get(card.issuer) ?? 0) + 1);
  const issuersWithoutCards = dataset.issuers.filter(({ row }) => !allByIssuer.has(row.slug)).map(({ row }) => row.slug);
  if (issuersWithoutCards.length > 0) lines.push(`issuers without a card: ${issuersWithoutCards.join(', ')}`);
  lines.push(...verificationSummary(dataset));
  lines.push(...staleSummary(dataset, options));
  return lines;
}

/** The stale-row lines: a count per file with its first few line numbers, or `none`. */
function staleSummary(dataset: Dataset, options: SummaryOptions): string[] {
  const { cutoff, referenceDate, rows } = staleRows(dataset, options);
  const maxAgeDays = options.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS;
  const head = `rows older than ${maxAgeDays} days (as_of before ${cutoff}, counted from ${referenceDate})`;
  if (rows.length === 0) return [`${head}: none`];
  const byFile = new Map<string, StaleRow[]>();
  for (const row of rows) byFile.set(row.file, [...(byFile.get(row.file) ?? []), row]);
  const shown = 5;
  const parts = [...byFile].map(([file, list]) => {
    const lines = list.slice(0, shown).map((r) => r.line);
    return `${file} ${list.length} (line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}${list.length > shown ? ', …' : ''})`;
  });
  return [`${head}: ${rows.length}: ${parts.join('; ')}`];
}
