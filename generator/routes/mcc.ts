/** MCC codes, their groups, and the bonus categories that cover them. */
import { defineRoute, type RouteDefinition } from '../route.ts';
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
import type { Model } from '../engine/model.ts';
import { VALUATION_QUERY_DOC } from '../engine/valuation.ts';
import { SEGMENT_QUERY_DOC } from '../engine/segments.ts';
import { groupSlug } from '../internal/group-slug.ts';

const mccPage = pageOf(mccSummary, 'MccPage');
const merchantPage = pageOf(merchantSummary, 'MerchantPage');

/** How many distinct cards have a rule in `category` (a card with a direct and a portal rule counts once). */
function cardCountForCategory(model: Model, slug: string): number {
  return new Set(cardsForCategory(model, slug).map((entry) => entry.slug)).size;
}

export const mccRoutes: readonly RouteDefinition[] = [
  defineRoute('mcc-list', {
    schema: mccPage,
    summary: 'All 981 MCC codes with descriptions and category groups',
    description: 'Paged, sorted by code. Filter by category group (e.g. group=retail-outlet-services).',
    *derive(model) {
      const all = model.mccs.map((mcc) => mccSummaryOf(model, mcc));
      yield { params: {}, pages: all };
      for (const [group, list] of groupBy(all, (m) => groupSlug(m.category_group))) {
        yield { params: { group }, pages: list };
      }
    },
  }),
  defineRoute('mcc-detail', {
    schema: mccDetail,
    summary: 'One MCC: its top 10 cards and the bonus categories that cover it',
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
  }),
  defineRoute('mcc-cards', {
    // The same ranking as /api/compute/best-card?mcc=CODE: one file serves both routes.
    queryDocs: { valuation: VALUATION_QUERY_DOC, segment: SEGMENT_QUERY_DOC },
    schema: bestCard,
    summary:
      'The 50 best cards for one MCC (the same answer as /api/compute/best-card?mcc=CODE; valuation=standalone|pooled and segment=personal|business too)',
  }),
  defineRoute('mcc-merchants', {
    schema: merchantPage,
    summary: 'The merchants with one MCC, by popularity',
    *derive(model) {
      const byMcc = groupBy(model.merchants, (m) => m.mcc);
      for (const mcc of model.mccs) {
        const list = (byMcc.get(mcc.code) ?? []).map((m) => merchantSummaryOf(model, m));
        yield { params: { code: mcc.code }, pages: list };
      }
    },
  }),
  defineRoute('mcc-categories', {
    schema: listOf(categoryCoverage, 'CategoryCoverageList'),
    summary: 'The bonus categories that cover one MCC, and for which issuers',
    *derive(model) {
      for (const mcc of model.mccs) {
        const data = categoriesCovering(model, mcc.code);
        yield {
          params: { code: mcc.code },
          list: data,
        };
      }
    },
  }),
  defineRoute('category-groups', {
    schema: listOf(categoryGroup, 'CategoryGroupList'),
    summary: "The card networks' MCC ranges (airlines, lodging, retail outlet services, …)",
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
      yield { params: {}, list: data };
    },
  }),
  defineRoute('categories-list', {
    schema: listOf(category, 'CategoryList'),
    summary: 'Bonus categories (dining, groceries, gas, travel, …) and merchant-scoped ones (amazon, delta, …)',
    *derive(model) {
      const data = [...model.categories.values()]
        .sort((a, b) => byText(a.slug, b.slug))
        .map((row) => ({ ...row, channel: row.channel ?? null, card_count: cardCountForCategory(model, row.slug) }));
      yield { params: {}, list: data };
    },
  }),
  defineRoute('categories-detail', {
    schema: categoryDetail,
    summary: 'One bonus category: the MCCs it covers per issuer and the merchants it names',
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
  }),
  defineRoute('category-cards', {
    schema: listOf(categoryCard, 'CategoryCardList'),
    summary: 'The cards with a bonus in one category, best value first (rules in force first)',
    *derive(model) {
      for (const row of model.categories.values()) {
        const data = cardsForCategory(model, row.slug);
        yield {
          params: { slug: row.slug },
          list: data,
        };
      }
    },
  }),
  defineRoute('category-mccs', {
    schema: listOf(categoryMcc, 'CategoryMccList'),
    summary: 'The MCCs one category covers, and which issuers count each',
    *derive(model) {
      for (const row of model.categories.values()) {
        const data = categoryMccsOf(model, row.slug);
        yield {
          params: { slug: row.slug },
          list: data,
        };
      }
    },
  }),
];
