/** Merchants, the extension's recommendation per domain, and the best-card computation. */
import { defineRoute, type RouteDefinition } from '../route.ts';
import { bestCard, INLINE_CARDS, merchantDetail, merchantSummary, pageOf, recommendation } from '../../schemas/keyed.ts';
import { groupBy } from '../internal/group-by.ts';
import { pageLink } from '../route-runner.ts';
import { DEFAULT_VALUATION, VALUATION_QUERY_DOC } from '../engine/valuation.ts';
import { inSegment, SEGMENT_QUERY_DOC, SEGMENTS } from '../engine/segments.ts';
import { rankingChoices } from './internal/ranking-choices.ts';
import { byPortalValue } from '../views/stack-values.ts';
import { ranksApartFromMcc } from '../engine/ranking.ts';
import {
  acceptanceView,
  acceptanceViews,
  byText,
  everydayCards,
  mccSummaryOf,
  merchantSummaryOf,
  offerOf,
  rankedCards,
  storeRateOf,
} from '../views/index.ts';
import { DEFAULT_CHANNEL } from '../engine/acceptance.ts';
import { earnTableHref, earnTablePaths } from '../views/earn-table.ts';

const merchantPage = pageOf(merchantSummary, 'MerchantPage');

/**
 * Cards listed by best-card: past the first 50 every code has only base-rate cards left, and the
 * full list of 160 under two valuations tripled the build (823 MiB of best-card files, 65 s to compile).
 */
const BEST_CARD_LIST_LENGTH = 50;

export const merchantRoutes: readonly RouteDefinition[] = [
  defineRoute('merchants-list', {
    schema: merchantPage,
    summary: 'Merchants mapped to MCC codes, by popularity',
    description: 'Paged, most popular first. Filter by MCC with mcc=5411.',
    *derive(model) {
      const all = model.merchants.map((m) => merchantSummaryOf(model, m));
      yield { params: {}, pages: all };
    },
  }),
  defineRoute('merchants-detail', {
    schema: merchantDetail,
    summary: 'One merchant: MCC, domains, top cards, portal rates and card-linked offers',
    *derive(model) {
      const rates = groupBy(
        model.dataset.portalRates.map(({ row }) => row),
        (r) => r.merchant,
      );
      const offers = groupBy(
        model.dataset.offers.map(({ row }) => row),
        (o) => o.merchant,
      );
      for (const merchant of model.merchants) {
        const document = {
          ...merchantSummaryOf(model, merchant),
          category_group: model.mccByCode.get(merchant.mcc)?.category_group ?? '',
          source: merchant.source,
          source_ref: merchant.source_ref,
          as_of: merchant.as_of,
          merchant_categories: [...(model.merchantCategories.get(merchant.slug) ?? [])].sort(byText),
          channel: DEFAULT_CHANNEL,
          acceptance: acceptanceViews(model, merchant),
          best_cards: rankedCards(model, { mcc: merchant.mcc, merchant: merchant.slug, channel: DEFAULT_CHANNEL }, INLINE_CARDS),
          portals: (rates.get(merchant.slug) ?? []).map((r) => storeRateOf(model, r)).sort(byPortalValue),
          offers: (offers.get(merchant.slug) ?? []).map((o) => offerOf(model, o)).sort((a, b) => byText(a.slug, b.slug)),
        };
        yield { params: { slug: merchant.slug }, document };
      }
    },
  }),
  defineRoute('extension-recommend', {
    schema: recommendation,
    summary: 'The 10 best cards for the merchant behind a web domain, among those it takes online (browser extensions)',
    description:
      'The host is normalised (case, www., port, IDN) and matched against merchant domains, then parent domains. ' +
      'A domain is a purchase online (channel: online): a merchant that takes only some networks online ranks only those, and acceptance says which and why. ' +
      'No match gives fallback: true with the best everyday cards and merchant_name null. ' +
      'segment=personal ranks only cards offered to people, segment=business only cards offered to businesses.',
    queryDocs: { segment: SEGMENT_QUERY_DOC },
    *derive(model) {
      for (const segment of [null, ...SEGMENTS]) {
        const params = segment === null ? {} : { segment };
        for (const merchant of model.merchants) {
          if (merchant.domains.length === 0) continue;
          const purchase = { mcc: merchant.mcc, merchant: merchant.slug, channel: 'online' } as const;
          const best = rankedCards(model, purchase, INLINE_CARDS, DEFAULT_VALUATION, segment);
          const acceptance = acceptanceView(model, purchase);
          for (const domain of merchant.domains) {
            const document = {
              merchant_name: merchant.name,
              merchant: merchant.slug,
              mcc_code: merchant.mcc,
              matched_domain: domain,
              fallback: false,
              channel: 'online',
              segment,
              acceptance,
              best_cards: best,
              earn_table: earnTableHref(model, purchase),
            };
            yield { params: { ...params, domain }, document };
          }
        }
        const fallback = {
          merchant_name: null,
          merchant: null,
          mcc_code: null,
          matched_domain: null,
          fallback: true,
          channel: 'online',
          segment,
          acceptance: null,
          best_cards: everydayCards(model, INLINE_CARDS, segment),
          earn_table: earnTablePaths.everyday,
        };
        yield { fallback, params };
      }
    },
  }),
  defineRoute('compute-best-card', {
    queryDocs: { valuation: VALUATION_QUERY_DOC, segment: SEGMENT_QUERY_DOC },
    schema: bestCard,
    summary: 'The best cards for one MCC or one merchant (at the till), with the rule that applied, both valuations and the conditions',
    description:
      'Give mcc=CODE or merchant=SLUG, and optionally valuation=standalone (the default: what the points are worth to a holder of only that card) ' +
      "or valuation=pooled (the program's transfer value, with the card that unlocks it). Ranking (docs/ranking.md): value in cents per dollar " +
      'over a typical month once caps are spent, an unconditional rate before a conditional one of equal value, then headline value, lower annual fee, slug. ' +
      "Rules that need a booking through the issuer's travel portal do not count when paying the merchant. Every entry carries both values and its conditions. " +
      'A merchant answer is for a purchase in store (channel: in_store): a merchant that takes only some networks there ranks only those, ' +
      'and acceptance says which, why, with its source, and how many cards it left out. ' +
      'Every answer carries its cards: an MCC and a merchant with a ranking of its own list 50 (best_cards_from null); a merchant that ranks as its MCC does ' +
      'lists its 10 best, and best_cards_from names the MCC answer that continues the list to 50. ' +
      'segment=personal ranks only cards offered to people, segment=business only cards offered to businesses; every entry says its segment.',
    *derive(model) {
      for (const [valuation, segment] of rankingChoices()) {
        const params = segment === null ? { valuation } : { valuation, segment };
        const cardCount = model.activeCards.filter((card) => inSegment(card, segment)).length;
        for (const mcc of model.mccs) {
          const cards = rankedCards(model, { mcc: mcc.code }, BEST_CARD_LIST_LENGTH, valuation, segment);
          const document = {
            query: { mcc: mcc.code, merchant: null, valuation, segment },
            mcc: mccSummaryOf(model, mcc),
            merchant: null,
            evaluated_on: model.date,
            channel: null,
            acceptance: null,
            best_cards: cards,
            best_cards_from: null,
            card_count: cardCount,
            earn_table: earnTablePaths.mcc(mcc.code),
          };
          yield { params: { ...params, mcc: mcc.code }, document };
        }
        for (const merchant of model.merchants) {
          const mcc = model.mccByCode.get(merchant.mcc)!;
          const purchase = { mcc: merchant.mcc, merchant: merchant.slug, channel: DEFAULT_CHANNEL } as const;
          // Most merchants have no rule or restriction of their own: they carry their 10 best and
          // name their MCC's answer for the rest of the 50, instead of 16,000 copies of 50 cards (issue 12).
          const own = ranksApartFromMcc(model, merchant, BEST_CARD_LIST_LENGTH, valuation, segment);
          const document = {
            query: { mcc: null, merchant: merchant.slug, valuation, segment },
            mcc: mccSummaryOf(model, mcc),
            merchant: { slug: merchant.slug, name: merchant.name },
            evaluated_on: model.date,
            channel: DEFAULT_CHANNEL,
            acceptance: acceptanceView(model, purchase),
            best_cards: rankedCards(model, purchase, own ? BEST_CARD_LIST_LENGTH : INLINE_CARDS, valuation, segment),
            best_cards_from: own
              ? null
              : { mcc_code: merchant.mcc, href: pageLink('/api/compute/best-card', { mcc: merchant.mcc, ...params })(1) },
            card_count: cardCount,
            earn_table: earnTableHref(model, purchase),
          };
          yield { params: { ...params, merchant: merchant.slug }, document };
        }
      }
    },
  }),
];
