/** The dataset indexed for the derivations: lookups by slug and code, nothing computed about rewards. */
import type { Dataset, DatasetSources } from '../dataset/load-dataset.ts';
import type * as Rows from '../../schemas/dataset.ts';
import type { ModelOptions } from '../build-options.ts';

export type Model = ModelOptions & ModelTables;

interface ModelTables {
  readonly mccs: readonly Rows.MccRow[];
  readonly mccByCode: ReadonlyMap<string, Rows.MccRow>;
  readonly issuers: ReadonlyMap<string, Rows.IssuerRow>;
  readonly programs: ReadonlyMap<string, Rows.ProgramRow>;
  readonly categories: ReadonlyMap<string, Rows.CategoryRow>;
  /** Every card, active or not, by slug. */
  readonly cardBySlug: ReadonlyMap<string, Rows.CardRow>;
  /** Active cards, sorted by slug: the candidates of every ranking. */
  readonly activeCards: readonly Rows.CardRow[];
  /** Cards closed to applicants (discontinued) that holders still use, in the dataset's order: never ranked, but in a wallet. */
  readonly closedCards: readonly Rows.CardRow[];
  readonly rulesByCard: ReadonlyMap<string, readonly Rows.CardRewardRow[]>;
  /** requirement slug → what a card or a rate needs of the holder (requirements.csv). */
  readonly requirements: ReadonlyMap<string, Rows.RequirementRow>;
  /** category → issuer slug ('' for the generic definition) → MCC codes covered. */
  readonly categoryMccs: ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;
  /** merchant slug → merchant-scoped categories that name it. */
  readonly merchantCategories: ReadonlyMap<string, ReadonlySet<string>>;
  /** Merchants sorted by popularity_rank (1 first). */
  readonly merchants: readonly Rows.MerchantRow[];
  readonly merchantBySlug: ReadonlyMap<string, Rows.MerchantRow>;
  readonly portalBySlug: ReadonlyMap<string, Rows.PortalRow>;
  readonly merchantCountByMcc: ReadonlyMap<string, number>;
  /** card slug → its row of card_valuations.csv (cards without one are valued by default, see valuation.ts). */
  readonly cardValuations: ReadonlyMap<string, Rows.CardValuationRow>;
  /** merchant slug → channel → the networks it takes there (merchants that take every network have no entry). */
  readonly acceptance: ReadonlyMap<string, ReadonlyMap<Rows.Channel, Rows.MerchantAcceptanceRow>>;
  /** program slug → its fixed-value redemptions, best first. */
  readonly redemptionsByProgram: ReadonlyMap<string, readonly Rows.ProgramRedemptionRow[]>;
  readonly dataset: Dataset;
  /** The dataset's files as read (CSV texts, README.md, LICENSE), for the download. */
  readonly sources: DatasetSources;
}

/** Indexes a validated dataset. */
export function createModel(dataset: Dataset, options: ModelOptions, sources: DatasetSources = new Map()): Model {
  const rows = <T>(located: readonly { row: T }[]) => located.map(({ row }) => row);
  const bySlug = <T extends { slug: string }>(items: readonly T[]) => new Map(items.map((item) => [item.slug, item]));

  const cards = rows(dataset.cards);
  const rulesByCard = new Map<string, Rows.CardRewardRow[]>();
  for (const rule of rows(dataset.cardRewards)) {
    const list = rulesByCard.get(rule.card) ?? [];
    list.push(rule);
    rulesByCard.set(rule.card, list);
  }

  const categoryMccs = new Map<string, Map<string, Set<string>>>();
  for (const { category, issuer, mcc } of rows(dataset.categoryMcc)) {
    const byIssuer = categoryMccs.get(category) ?? new Map<string, Set<string>>();
    const codes = byIssuer.get(issuer ?? '') ?? new Set<string>();
    codes.add(mcc);
    byIssuer.set(issuer ?? '', codes);
    categoryMccs.set(category, byIssuer);
  }

  const merchantCategories = new Map<string, Set<string>>();
  for (const { category, merchant } of rows(dataset.categoryMerchant)) {
    const set = merchantCategories.get(merchant) ?? new Set<string>();
    set.add(category);
    merchantCategories.set(merchant, set);
  }

  const merchants = rows(dataset.merchants).sort((a, b) => a.popularity_rank - b.popularity_rank);
  const merchantCountByMcc = new Map<string, number>();
  for (const merchant of merchants) merchantCountByMcc.set(merchant.mcc, (merchantCountByMcc.get(merchant.mcc) ?? 0) + 1);

  const redemptionsByProgram = new Map<string, Rows.ProgramRedemptionRow[]>();
  for (const redemption of rows(dataset.programRedemptions)) {
    const list = redemptionsByProgram.get(redemption.program) ?? [];
    list.push(redemption);
    redemptionsByProgram.set(redemption.program, list);
  }
  for (const list of redemptionsByProgram.values())
    list.sort((a, b) => b.cents_per_point - a.cents_per_point || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));

  const acceptance = new Map<string, Map<Rows.Channel, Rows.MerchantAcceptanceRow>>();
  for (const row of rows(dataset.merchantAcceptance)) {
    const byChannel = acceptance.get(row.merchant) ?? new Map<Rows.Channel, Rows.MerchantAcceptanceRow>();
    byChannel.set(row.channel, row);
    acceptance.set(row.merchant, byChannel);
  }

  const mccs = rows(dataset.mcc).sort((a, b) => (a.code < b.code ? -1 : 1));
  return {
    ...options,
    mccs,
    mccByCode: new Map(mccs.map((m) => [m.code, m])),
    issuers: bySlug(rows(dataset.issuers)),
    programs: bySlug(rows(dataset.programs)),
    categories: bySlug(rows(dataset.categories)),
    cardBySlug: bySlug(cards),
    activeCards: cards.filter((c) => c.status === 'active').sort((a, b) => (a.slug < b.slug ? -1 : 1)),
    closedCards: cards.filter((c) => c.status !== 'active'),
    rulesByCard,
    requirements: bySlug(rows(dataset.requirements)),
    categoryMccs,
    merchantCategories,
    merchants,
    merchantBySlug: bySlug(merchants),
    portalBySlug: bySlug(rows(dataset.portals)),
    merchantCountByMcc,
    cardValuations: new Map(rows(dataset.cardValuations).map((row) => [row.card, row])),
    acceptance,
    redemptionsByProgram,
    dataset,
    sources,
  };
}
