/** What a data maintainer wants to see after `validate`: counts by issuer, network and program. */
import type { Dataset } from './load-dataset.ts';

/** Lines of text summarising the dataset's contents. */
export function summarizeDataset(dataset: Dataset): string[] {
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
  const withoutRules = active.filter((card) => !dataset.cardRewards.some(({ row }) => row.card === card.slug)).map((c) => c.slug);
  const lines = [
    `tables: ${dataset.mcc.length} MCCs, ${dataset.issuers.length} issuers, ${dataset.programs.length} programs, ` +
      `${dataset.transferPartners.length} transfer routes, ${dataset.categories.length} categories (${dataset.categoryMcc.length} MCC and ` +
      `${dataset.categoryMerchant.length} merchant mappings), ${cards.length} cards (${active.length} active), ${dataset.cardRewards.length} reward rules, ` +
      `${dataset.cardBenefits.length} benefits, ${dataset.merchants.length} merchants, ${dataset.portals.length} portals, ` +
      `${dataset.portalRates.length} portal rates, ${dataset.offers.length} offers`,
    `active cards by issuer: ${countBy((c) => c.issuer) || 'none'}`,
    `active cards by network: ${countBy((c) => c.network) || 'none'}`,
    `active cards by program: ${countBy((c) => c.program) || 'none'}`,
    `active cards by segment: ${countBy((c) => c.segment) || 'none'}`,
  ];
  if (withoutRules.length > 0) lines.push(`active cards with no bonus rule (base rate only): ${withoutRules.join(', ')}`);
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
  const linked = new Set(dataset.transferPartners.map(({ row }) => row.from_program));
  const bankPrograms = dataset.programs.filter(({ row }) => row.kind === 'bank_points' && !linked.has(row.slug)).map(({ row }) => row.slug);
  if (bankPrograms.length > 0) lines.push(`bank programs without transfer partners: ${bankPrograms.join(', ')}`);
  const noDomain = dataset.merchants.filter(({ row }) => row.domains.length === 0).length;
  lines.push(`merchants without a web domain: ${noDomain} of ${dataset.merchants.length}`);
  return lines;
}
