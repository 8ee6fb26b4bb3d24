/** MCC codes, their groups, and the bonus categories that cover them. */
import type { RouteDefinition } from '../route.ts';
import {
  bestCard,
  category,
  categoryCard,
  categoryCoverage,
  categoryDetail,
  categoryGroup,
  categoryMcc,
  listOf,
  mccDetail,
  mccSummary,
  merchantSummary,
  pageOf,
} from '../../schemas/keyed.ts';
import { groupBy } from '../internal/group-by.ts';
import {
  byText,
  cardsForCategory,
  categoriesCovering,
  categoryMccsOf,
  merchantName,
  mccSummaryOf,
  merchantSummaryOf,
  rankedCards,
} from '../views/index.ts';
import type { Model } from '../model.ts';
import { VALUATION_QUERY_DOC } from '../valuation.ts';
import { SEGMENT_QUERY_DOC } from '../segments.ts';
import { rankingVariants } from './internal/ranking-variants.ts';
import { groupSlug } from '../internal/group-slug.ts';

const mccPage = pageOf(mccSummary, 'MccPage');
const merchantPage = pageOf(merchantSummary, 'MerchantPage');

/** How many distinct cards have a rule in `category` (a card with a direct and a portal rule counts once). */
function cardCountForCategory(model: Model, slug: string): number {
  return new Set(cardsForCategory(model, slug).map((entry) => entry.slug)).size;
}

export const mccRoutes: readonly RouteDefinition[] = [
  {
    id: 'mcc-list',
    path: '/api/mcc',
    tier: 'free',
    schema: mccPage,
    summary: 'All 981 MCC codes with descriptions and category groups',
    description: 'Paged, sorted by code. Filter by category group (e.g. group=retail-outlet-services).',
    params: {},
    variants: [
      { query: { group: 'slug' }, optional: { page: 'page' }, file: 'keyed/api/mcc/by-group/{group}/page-{page}.json' },
      { query: {}, optional: { page: 'page' }, file: 'keyed/api/mcc/page-{page}.json' },
    ],
    *derive(model) {
      const all = model.mccs.map((mcc) => mccSummaryOf(model, mcc));
      yield { params: {}, pages: all };
      for (const [group, list] of groupBy(all, (m) => groupSlug(m.category_group))) {
        yield { params: { group }, pages: list };
      }
    },
  },
  {
    id: 'mcc-detail',
    path: '/api/mcc/{code}',
    tier: 'free',
    schema: mccDetail,
    summary: 'One MCC: its top 10 cards and the bonus categories that cover it',
    params: { code: 'mcc' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/mcc/{code}.json' }],
    *derive(model) {
      for (const mcc of model.mccs) {
        const document = {
          ...mccSummaryOf(model, mcc),
          best_cards: rankedCards(model, { mcc: mcc.code }, 10),
          categories: categoriesCovering(model, mcc.code),
        };
        yield { params: { code: mcc.code }, document };
      }
    },
  },
  {
    // The same ranking as /api/compute/best-card?mcc=CODE: one file serves both routes.
    id: 'mcc-cards',
    queryDocs: { valuation: VALUATION_QUERY_DOC, segment: SEGMENT_QUERY_DOC },
    path: '/api/mcc/{code}/cards',
    tier: 'starter',
    schema: bestCard,
    summary:
      'The 50 best cards for one MCC (the same answer as /api/compute/best-card?mcc=CODE; valuation=standalone|pooled and segment=personal|business too)',
    params: { code: 'mcc' },
    variants: rankingVariants({}, (valuation, segment) =>
      segment === null
        ? `keyed/api/compute/best-card/${valuation}/mcc/{code}.json`
        : `keyed/api/compute/best-card/${valuation}/${segment}/mcc/{code}.json`,
    ),
  },
  {
    id: 'mcc-merchants',
    path: '/api/mcc/{code}/merchants',
    tier: 'starter',
    schema: merchantPage,
    summary: 'The merchants with one MCC, by popularity',
    params: { code: 'mcc' },
    variants: [{ query: {}, optional: { page: 'page' }, file: 'keyed/api/mcc/{code}/merchants/page-{page}.json' }],
    *derive(model) {
      const byMcc = groupBy(model.merchants, (m) => m.mcc);
      for (const mcc of model.mccs) {
        const list = (byMcc.get(mcc.code) ?? []).map((m) => merchantSummaryOf(model, m));
        yield { params: { code: mcc.code }, pages: list };
      }
    },
  },
  {
    id: 'mcc-categories',
    path: '/api/mcc/{code}/categories',
    tier: 'starter',
    schema: listOf(categoryCoverage, 'CategoryCoverageList'),
    summary: 'The bonus categories that cover one MCC, and for which issuers',
    params: { code: 'mcc' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/mcc/{code}/categories.json' }],
    *derive(model) {
      for (const mcc of model.mccs) {
        const data = categoriesCovering(model, mcc.code);
        yield {
          params: { code: mcc.code },
          document: { data, total: data.length },
        };
      }
    },
  },
  {
    id: 'category-groups',
    path: '/api/category-groups',
    tier: 'free',
    schema: listOf(categoryGroup, 'CategoryGroupList'),
    summary: "The card networks' MCC ranges (airlines, lodging, retail outlet services, …)",
    params: {},
    variants: [{ query: {}, optional: {}, file: 'keyed/api/category-groups.json' }],
    *derive(model) {
      const data = [...groupBy(model.mccs, (m) => m.category_group)]
        .map(([name, codes]) => ({
          slug: groupSlug(name),
          name,
          first_mcc_code: codes[0]!.code,
          last_mcc_code: codes[codes.length - 1]!.code,
          mcc_count: codes.length,
          merchant_count: codes.reduce((sum, m) => sum + (model.merchantCountByMcc.get(m.code) ?? 0), 0),
        }))
        .sort((a, b) => byText(a.first_mcc_code, b.first_mcc_code));
      yield {
        params: {},
        document: { data, total: data.length },
      };
    },
  },
  {
    id: 'categories-list',
    path: '/api/categories',
    tier: 'starter',
    schema: listOf(category, 'CategoryList'),
    summary: 'Bonus categories (dining, groceries, gas, travel, …) and merchant-scoped ones (amazon, delta, …)',
    params: {},
    variants: [{ query: {}, optional: {}, file: 'keyed/api/categories.json' }],
    *derive(model) {
      const data = [...model.categories.values()]
        .sort((a, b) => byText(a.slug, b.slug))
        .map((row) => ({ ...row, channel: row.channel ?? null, card_count: cardCountForCategory(model, row.slug) }));
      yield { params: {}, document: { data, total: data.length } };
    },
  },
  {
    id: 'categories-detail',
    path: '/api/categories/{slug}',
    tier: 'starter',
    schema: categoryDetail,
    summary: 'One bonus category: the MCCs it covers per issuer and the merchants it names',
    params: { slug: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/categories/{slug}.json' }],
    *derive(model) {
      for (const row of model.categories.values()) {
        const mccs = categoryMccsOf(model, row.slug);
        const merchants = model.dataset.categoryMerchant
          .filter(({ row: r }) => r.category === row.slug)
          .map(({ row: r }) => ({ slug: r.merchant, name: merchantName(model, r.merchant) }))
          .sort((a, b) => byText(a.slug, b.slug));
        const document = { ...row, channel: row.channel ?? null, card_count: cardCountForCategory(model, row.slug), mccs, merchants };
        yield { params: { slug: row.slug }, document };
      }
    },
  },
  {
    id: 'category-cards',
    path: '/api/categories/{slug}/cards',
    tier: 'starter',
    schema: listOf(categoryCard, 'CategoryCardList'),
    summary: 'The cards with a bonus in one category, best value first (rules in force first)',
    params: { slug: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/categories/{slug}/cards.json' }],
    *derive(model) {
      for (const row of model.categories.values()) {
        const data = cardsForCategory(model, row.slug);
        yield {
          params: { slug: row.slug },
          document: { data, total: data.length },
        };
      }
    },
  },
  {
    id: 'category-mccs',
    path: '/api/categories/{slug}/mccs',
    tier: 'starter',
    schema: listOf(categoryMcc, 'CategoryMccList'),
    summary: 'The MCCs one category covers, and which issuers count each',
    params: { slug: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/categories/{slug}/mccs.json' }],
    *derive(model) {
      for (const row of model.categories.values()) {
        const data = categoryMccsOf(model, row.slug);
        yield {
          params: { slug: row.slug },
          document: { data, total: data.length },
        };
      }
    },
  },
];
