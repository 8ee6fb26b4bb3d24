/** Shopping portals, their store rates, stores and card-linked offers. */
import type { RouteDefinition } from '../route.ts';
import type { Model } from '../model.ts';
import type { PortalRow } from '../../schemas/dataset.ts';
import { listOf, offer, pageOf, portal, store, storeRate } from '../../schemas/keyed.ts';
import { ageInDays } from '../internal/dates.ts';
import { byPortalValue, portalCents } from '../views/stack-values.ts';
import { groupBy } from '../internal/group-by.ts';
import { byText, liveOffers, storeRates } from '../views/index.ts';

const storePage = pageOf(storeRate, 'StoreRatePage');

/** A portal as responses show it: its number of store rates and how old the newest is. */
function portalOf(model: Model, row: PortalRow) {
  const rates = model.dataset.portalRates.filter(({ row: r }) => r.portal === row.slug);
  const latest = rates.reduce<string | null>(
    (newest, { row: r }) => (newest === null || r.observed_on > newest ? r.observed_on : newest),
    null,
  );
  const { url, ...rest } = row;
  return {
    ...rest,
    website: url,
    store_count: rates.length,
    latest_observed_on: latest,
    age_days: latest === null ? null : ageInDays(latest, model.date),
  };
}
const storeListPage = pageOf(store, 'StorePage');
const offerPage = pageOf(offer, 'OfferPage');
export const portalRoutes: readonly RouteDefinition[] = [
  {
    id: 'portals-list',
    path: '/api/portals',
    tier: 'pro',
    schema: listOf(portal, 'PortalList'),
    summary: 'Shopping portals with the currency they pay and their number of stores',
    params: {},
    variants: [{ query: {}, optional: {}, file: 'keyed/api/portals.json' }],
    *derive(model) {
      const data = model.dataset.portals.map(({ row }) => portalOf(model, row)).sort((a, b) => byText(a.slug, b.slug));
      yield { params: {}, document: { data, total: data.length } };
    },
  },
  {
    id: 'portals-detail',
    path: '/api/portals/{id}',
    tier: 'pro',
    schema: portal,
    summary: 'One shopping portal',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/portals/{id}.json' }],
    *derive(model) {
      for (const { row } of model.dataset.portals) {
        yield { params: { id: row.slug }, document: portalOf(model, row) };
      }
    },
  },
  {
    id: 'portal-stores',
    path: '/api/portals/{id}/stores',
    tier: 'pro',
    schema: storePage,
    summary: 'The store rates of one portal, with their basis (published or typical)',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: { page: 'page' }, file: 'keyed/api/portals/{id}/stores/page-{page}.json' }],
    *derive(model) {
      const byPortal = groupBy(storeRates(model), (r) => r.portal);
      for (const { row } of model.dataset.portals) {
        yield { params: { id: row.slug }, pages: byPortal.get(row.slug) ?? [] };
      }
    },
  },
  {
    id: 'stores-list',
    path: '/api/stores',
    tier: 'pro',
    schema: storeListPage,
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
      yield { params: {}, pages: data };
    },
  },
  {
    id: 'store-portals',
    path: '/api/stores/{slug}/portals',
    tier: 'pro',
    schema: listOf(storeRate, 'StoreRateList'),
    summary: "Every portal's rate for one store, best value first",
    params: { slug: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/stores/{slug}/portals.json' }],
    *derive(model) {
      for (const [slug, rates] of groupBy(storeRates(model), (r) => r.merchant)) {
        const data = [...rates].sort(byPortalValue);
        yield {
          params: { slug },
          document: { data, total: data.length },
        };
      }
    },
  },
  {
    id: 'offers-list',
    path: '/api/offers',
    tier: 'pro',
    schema: offerPage,
    summary: 'Card-linked offers (Amex Offers, Chase Offers, …) with dates and basis',
    params: {},
    variants: [{ query: {}, optional: { page: 'page' }, file: 'keyed/api/offers/page-{page}.json' }],
    *derive(model) {
      yield { params: {}, pages: liveOffers(model) };
    },
  },
  {
    id: 'offers-detail',
    path: '/api/offers/{slug}',
    tier: 'pro',
    schema: offer,
    summary: 'One card-linked offer',
    params: { slug: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/offers/{slug}.json' }],
    *derive(model) {
      for (const item of liveOffers(model)) yield { params: { slug: item.slug }, document: item };
    },
  },
];
