/** Shopping portals, their store rates, stores and card-linked offers. */
import { defineRoute, type RouteDefinition } from '../route.ts';
import type { Model } from '../engine/model.ts';
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
  defineRoute('portals-list', {
    schema: listOf(portal, 'PortalList'),
    summary: 'Shopping portals with the currency they pay and their number of stores',
    *derive(model) {
      const data = model.dataset.portals.map(({ row }) => portalOf(model, row)).sort((a, b) => byText(a.slug, b.slug));
      yield { params: {}, list: data };
    },
  }),
  defineRoute('portals-detail', {
    schema: portal,
    summary: 'One shopping portal',
    *derive(model) {
      for (const { row } of model.dataset.portals) {
        yield { params: { id: row.slug }, document: portalOf(model, row) };
      }
    },
  }),
  defineRoute('portal-stores', {
    schema: storePage,
    summary: 'The store rates of one portal, with their basis (published or typical)',
    *derive(model) {
      const byPortal = groupBy(storeRates(model), (r) => r.portal);
      for (const { row } of model.dataset.portals) {
        yield { params: { id: row.slug }, pages: byPortal.get(row.slug) ?? [] };
      }
    },
  }),
  defineRoute('stores-list', {
    schema: storeListPage,
    summary: 'Stores with at least one portal rate, and their best portal value',
    *derive(model) {
      const data = [...groupBy(storeRates(model), (r) => r.merchant)].map(([slug, rates]) => ({
        slug,
        name: rates[0]!.merchant_name,
        portal_count: rates.length,
        best_value_percent: Math.max(...rates.map((r) => portalCents(r))),
      }));
      yield { params: {}, pages: data };
    },
  }),
  defineRoute('store-portals', {
    schema: listOf(storeRate, 'StoreRateList'),
    summary: "Every portal's rate for one store, best value first",
    *derive(model) {
      for (const [slug, rates] of groupBy(storeRates(model), (r) => r.merchant)) {
        const data = [...rates].sort(byPortalValue);
        yield {
          params: { slug },
          list: data,
        };
      }
    },
  }),
  defineRoute('offers-list', {
    schema: offerPage,
    summary: 'Card-linked offers (Amex Offers, Chase Offers, …) with dates and basis',
    *derive(model) {
      yield { params: {}, pages: liveOffers(model) };
    },
  }),
  defineRoute('offers-detail', {
    schema: offer,
    summary: 'One card-linked offer',
    *derive(model) {
      for (const item of liveOffers(model)) yield { params: { slug: item.slug }, document: item };
    },
  }),
];
