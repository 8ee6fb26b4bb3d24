/** Loyalty programs, valuations, transfer partners, portals, stores, offers and the pro computations. */
import type { RouteDefinition } from '../route.ts';
import type { Model } from '../model.ts';
import type * as Keyed from '../../schemas/keyed.ts';
import type { PortalRow } from '../../schemas/dataset.ts';
import {
  cardSummary,
  listOf,
  offer,
  pageOf,
  portal,
  program,
  programDetail,
  store,
  storeRate,
  transfer,
  transferQuote,
} from '../../schemas/keyed.ts';
import { round4 } from '../ranking.ts';
import { ageInDays } from '../internal/dates.ts';
import { byPortalValue, portalCents } from './stack-values.ts';
import { groupBy, pageLink, pages } from './paging.ts';
import { byText, cardSummaryOf, offerOf, programOf, storeRateOf, transferOf } from './views.ts';

const storePage = pageOf(storeRate, 'StoreRatePage');

/** A portal as responses show it: its number of store rates and how old the newest is. */
function portalOf(model: Model, row: PortalRow) {
  const rates = model.dataset.portalRates.filter(({ row: r }) => r.portal === row.slug);
  const latest = rates.reduce<string | null>(
    (newest, { row: r }) => (newest === null || r.observed_on > newest ? r.observed_on : newest),
    null,
  );
  return {
    ...row,
    store_count: rates.length,
    latest_observed_on: latest,
    age_days: latest === null ? null : ageInDays(latest, model.date),
  };
}
const storeListPage = pageOf(store, 'StorePage');
const offerPage = pageOf(offer, 'OfferPage');
const programs = (model: Model) => [...model.programs.values()].sort((a, b) => byText(a.slug, b.slug));
const transfers = (model: Model) => model.dataset.transferPartners.map(({ row }) => row);
/** Where a program's points go, by partner. */
const partnersOf = (model: Model, slug: string) =>
  transfers(model)
    .filter((t) => t.from_program === slug)
    .map((t) => transferOf(model, t))
    .sort((a, b) => byText(a.to, b.to));
/** Which programs transfer into one, by source. */
const sourcesOf = (model: Model, slug: string) =>
  transfers(model)
    .filter((t) => t.to_program === slug)
    .map((t) => transferOf(model, t))
    .sort((a, b) => byText(a.from, b.from));

export function storeRates(model: Model): Keyed.StoreRate[] {
  return model.dataset.portalRates
    .map(({ row }) => storeRateOf(model, row))
    .sort((a, b) => byText(a.merchant, b.merchant) || byPortalValue(a, b));
}

/** Every offer, expired ones included (they carry `expired: true`), by slug. */
export function liveOffers(model: Model): Keyed.Offer[] {
  return model.dataset.offers.map(({ row }) => offerOf(model, row)).sort((a, b) => byText(a.slug, b.slug));
}

export const programRoutes: readonly RouteDefinition[] = [
  {
    id: 'programs-list',
    path: '/api/programs',
    tier: 'pro',
    schema: listOf(program, 'ProgramList'),
    schemaName: 'ProgramList',
    summary: 'Loyalty programs and reward currencies with point valuations',
    params: {},
    variants: [{ query: {}, optional: {}, file: 'keyed/api/programs.json' }],
    *derive(model) {
      const data = programs(model).map((row) => programOf(model, row));
      yield { path: 'keyed/api/programs.json', document: { data, total: data.length }, schema: listOf(program, 'ProgramList') };
    },
  },
  {
    id: 'programs-detail',
    path: '/api/programs/{id}',
    tier: 'pro',
    schema: programDetail,
    schemaName: 'ProgramDetail',
    summary: 'One program with its transfer partners (out) and sources (in)',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/programs/{id}.json' }],
    *derive(model) {
      for (const row of programs(model)) {
        const document = {
          ...programOf(model, row),
          partners: partnersOf(model, row.slug),
          sources: sourcesOf(model, row.slug),
        };
        yield { path: `keyed/api/programs/${row.slug}.json`, document, schema: programDetail };
      }
    },
  },
  {
    id: 'program-partners',
    path: '/api/programs/{id}/partners',
    tier: 'pro',
    schema: listOf(transfer, 'TransferList'),
    schemaName: 'TransferList',
    summary: "Where one program's points transfer to, with ratios and the value after transfer",
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/programs/{id}/partners.json' }],
    *derive(model) {
      for (const row of programs(model)) {
        const data = partnersOf(model, row.slug);
        yield {
          path: `keyed/api/programs/${row.slug}/partners.json`,
          document: { data, total: data.length },
          schema: listOf(transfer, 'TransferList'),
        };
      }
    },
  },
  {
    id: 'program-sources',
    path: '/api/programs/{id}/sources',
    tier: 'pro',
    schema: listOf(transfer, 'TransferList'),
    schemaName: 'TransferList',
    summary: 'Which bank currencies transfer into one program',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/programs/{id}/sources.json' }],
    *derive(model) {
      for (const row of programs(model)) {
        const data = sourcesOf(model, row.slug);
        yield {
          path: `keyed/api/programs/${row.slug}/sources.json`,
          document: { data, total: data.length },
          schema: listOf(transfer, 'TransferList'),
        };
      }
    },
  },
  {
    id: 'program-cards',
    path: '/api/programs/{id}/cards',
    tier: 'pro',
    schema: listOf(cardSummary, 'CardList'),
    schemaName: 'CardList',
    summary: "The cards that earn one program's currency",
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/programs/{id}/cards.json' }],
    *derive(model) {
      for (const row of programs(model)) {
        const data = [...model.cardBySlug.values()]
          .filter((c) => c.program === row.slug)
          .sort((a, b) => byText(a.slug, b.slug))
          .map((c) => cardSummaryOf(model, c));
        yield {
          path: `keyed/api/programs/${row.slug}/cards.json`,
          document: { data, total: data.length },
          schema: listOf(cardSummary, 'CardList'),
        };
      }
    },
  },
  {
    id: 'valuations',
    path: '/api/valuations',
    tier: 'pro',
    schema: listOf(program, 'ProgramList'),
    schemaName: 'ProgramList',
    summary: 'Point valuations in cents, highest first, with their sources',
    params: {},
    variants: [{ query: {}, optional: {}, file: 'keyed/api/valuations.json' }],
    *derive(model) {
      const data = programs(model)
        .map((row) => programOf(model, row))
        .sort((a, b) => (b.cents_per_point ?? -1) - (a.cents_per_point ?? -1) || byText(a.slug, b.slug));
      yield { path: 'keyed/api/valuations.json', document: { data, total: data.length }, schema: listOf(program, 'ProgramList') };
    },
  },
  {
    id: 'compute-transfer',
    path: '/api/compute/transfer',
    tier: 'pro',
    schema: transferQuote,
    schemaName: 'TransferQuote',
    summary: 'What a transfer from one program to another gives: ratio, minimum, time, and the value of 10,000 points after it',
    params: {},
    variants: [{ query: { from: 'slug', to: 'slug' }, optional: {}, file: 'keyed/api/compute/transfer/{from}/{to}.json' }],
    *derive(model) {
      for (const row of transfers(model)) {
        const view = transferOf(model, row);
        const points = 10_000;
        const partnerPoints = round4((points * row.ratio_to) / row.ratio_from);
        const cents = model.programs.get(row.to_program)?.cents_per_point ?? null;
        const document = {
          ...view,
          example: { points, partner_points: partnerPoints, value_usd: cents === null ? null : round4((partnerPoints * cents) / 100) },
        };
        yield { path: `keyed/api/compute/transfer/${row.from_program}/${row.to_program}.json`, document, schema: transferQuote };
      }
    },
  },
  {
    id: 'portals-list',
    path: '/api/portals',
    tier: 'pro',
    schema: listOf(portal, 'PortalList'),
    schemaName: 'PortalList',
    summary: 'Shopping portals with the currency they pay and their number of stores',
    params: {},
    variants: [{ query: {}, optional: {}, file: 'keyed/api/portals.json' }],
    *derive(model) {
      const data = model.dataset.portals.map(({ row }) => portalOf(model, row)).sort((a, b) => byText(a.slug, b.slug));
      yield { path: 'keyed/api/portals.json', document: { data, total: data.length }, schema: listOf(portal, 'PortalList') };
    },
  },
  {
    id: 'portals-detail',
    path: '/api/portals/{id}',
    tier: 'pro',
    schema: portal,
    schemaName: 'Portal',
    summary: 'One shopping portal',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/portals/{id}.json' }],
    *derive(model) {
      for (const { row } of model.dataset.portals) {
        yield { path: `keyed/api/portals/${row.slug}.json`, document: portalOf(model, row), schema: portal };
      }
    },
  },
  {
    id: 'portal-stores',
    path: '/api/portals/{id}/stores',
    tier: 'pro',
    schema: storePage,
    schemaName: 'StoreRatePage',
    summary: 'The store rates of one portal, with their basis (published or typical)',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: { page: 'page' }, file: 'keyed/api/portals/{id}/stores/page-{page}.json' }],
    *derive(model) {
      const byPortal = groupBy(storeRates(model), (r) => r.portal);
      for (const { row } of model.dataset.portals) {
        yield* pages(byPortal.get(row.slug) ?? [], {
          file: (n) => `keyed/api/portals/${row.slug}/stores/page-${n}.json`,
          link: pageLink(`/api/portals/${row.slug}/stores`),
          schema: storePage,
        });
      }
    },
  },
  {
    id: 'stores-list',
    path: '/api/stores',
    tier: 'pro',
    schema: storeListPage,
    schemaName: 'StorePage',
    summary: 'Stores with at least one portal rate, and their best portal value',
    params: {},
    variants: [{ query: {}, optional: { page: 'page' }, file: 'keyed/api/stores/page-{page}.json' }],
    *derive(model) {
      const data = [...groupBy(storeRates(model), (r) => r.merchant)].map(([slug, rates]) => ({
        slug,
        name: rates[0]!.merchant_name,
        portal_count: rates.length,
        best_value_percent: Math.max(...rates.map((r) => portalCents(r))),
      }));
      yield* pages(data, { file: (n) => `keyed/api/stores/page-${n}.json`, link: pageLink('/api/stores'), schema: storeListPage });
    },
  },
  {
    id: 'store-portals',
    path: '/api/stores/{slug}/portals',
    tier: 'pro',
    schema: listOf(storeRate, 'StoreRateList'),
    schemaName: 'StoreRateList',
    summary: "Every portal's rate for one store, best value first",
    params: { slug: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/stores/{slug}/portals.json' }],
    *derive(model) {
      for (const [slug, rates] of groupBy(storeRates(model), (r) => r.merchant)) {
        const data = [...rates].sort(byPortalValue);
        yield {
          path: `keyed/api/stores/${slug}/portals.json`,
          document: { data, total: data.length },
          schema: listOf(storeRate, 'StoreRateList'),
        };
      }
    },
  },
  {
    id: 'offers-list',
    path: '/api/offers',
    tier: 'pro',
    schema: offerPage,
    schemaName: 'OfferPage',
    summary: 'Card-linked offers (Amex Offers, Chase Offers, …) with dates and basis',
    params: {},
    variants: [{ query: {}, optional: { page: 'page' }, file: 'keyed/api/offers/page-{page}.json' }],
    *derive(model) {
      yield* pages(liveOffers(model), { file: (n) => `keyed/api/offers/page-${n}.json`, link: pageLink('/api/offers'), schema: offerPage });
    },
  },
  {
    id: 'offers-detail',
    path: '/api/offers/{slug}',
    tier: 'pro',
    schema: offer,
    schemaName: 'Offer',
    summary: 'One card-linked offer',
    params: { slug: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/offers/{slug}.json' }],
    *derive(model) {
      for (const item of liveOffers(model)) yield { path: `keyed/api/offers/${item.slug}.json`, document: item, schema: offer };
    },
  },
];
