/**
 * `/api/compute/triple-stack?merchant=`: for every merchant, bought online (a portal works only
 * there), the best cards it takes online, plus the best current portal rate and the best
 * card-linked offer in force, each in cents per dollar with its valuation basis and its age. A rate
 * or an offer past the freshness horizon is history: shown with its date, never in the total. The
 * cards are ranked standalone by default, pooled with `valuation=pooled` (one file per merchant and valuation).
 */

import { defineRoute, type RouteDefinition, type RouteOutput } from '../route.ts';
import type { Model } from '../engine/model.ts';
import type * as Keyed from '../../schemas/keyed.ts';
import { INLINE_CARDS, tripleStack } from '../../schemas/keyed.ts';
import { round4 } from '../engine/ranking.ts';
import { acceptanceOf } from '../engine/acceptance.ts';
import { ageInDays } from '../internal/dates.ts';
import { FRESHNESS_HORIZON_DAYS } from '../engine/freshness.ts';
import { groupBy } from '../internal/group-by.ts';
import { liveOffers, storeRates } from '../views/shopping.ts';
import {
  offerCents,
  offerInForce,
  offerUsable,
  portalCeilingCents,
  portalCents,
  portalChoice,
  STACK_PURCHASE_USD,
} from '../views/stack-values.ts';
import { acceptanceView, byText, rankedCards, storeRateText } from '../views/index.ts';
import { VALUATION_QUERY_DOC, type ValuationMode } from '../engine/valuation.ts';
import { SEGMENT_QUERY_DOC, type Segment } from '../engine/segments.ts';
import { rankingChoices } from './internal/ranking-choices.ts';

/** The best offer in force: most cents on the assumed purchase, then slug. */
function bestOffer(offers: readonly Keyed.Offer[]): Keyed.Offer | null {
  return [...offers].filter(offerInForce).sort((a, b) => offerCents(b) - offerCents(a) || byText(a.slug, b.slug))[0] ?? null;
}

function rateWords(rate: Keyed.StoreRate): string {
  const when =
    rate.basis === 'typical'
      ? `the median of ${rate.observations} daily observations from ${rate.window_from} to ${rate.window_to}`
      : `as the portal showed it on ${rate.observed_on}`;
  const upTo = rate.up_to ? ['up to ', ' (a ceiling: some categories earn less, by how much is not known)'] : ['', ''];
  return `${rate.portal_name} ${upTo[0]}${storeRateText(rate)}${upTo[1]}, ${when}, ${rate.age_days} days before the build date`;
}

function portalNote(rate: Keyed.StoreRate | null, historical: Keyed.StoreRate | null): string {
  if (rate === null && historical !== null)
    return `portal: no current rate; the newest known is ${rateWords(historical)}, older than the ${FRESHNESS_HORIZON_DAYS}-day horizon, so it is history and not counted`;
  if (rate === null) return 'portal: no portal rate is known for this merchant';
  const flat = rate.value_percent === null ? `; a flat amount, spread over a $${STACK_PURCHASE_USD} purchase` : '';
  const counted = rate.up_to
    ? `; "up to" is a ceiling, not a sure part of the total: counted as 0 in total_cents and at most ${portalCeilingCents(rate)} in total_cents_up_to`
    : '';
  return `portal: ${rateWords(rate)}; valued at ${rate.cents_per_point} cents per point (${rate.valuation_basis})${flat}${counted}`;
}

function offerNote(offer: Keyed.Offer | null, known: readonly Keyed.Offer[], refused: boolean, date: string): string {
  if (offer === null && refused)
    return 'offer: the offers in force are for cards on networks the merchant does not take online, and do not count';
  if (offer !== null) {
    const minimum = offer.min_spend === null ? 'no minimum spend' : `minimum spend $${offer.min_spend}`;
    const cap = offer.max_reward === null ? 'no cap' : `at most $${offer.max_reward} back`;
    return `offer: ${offer.slug} (${minimum}, ${cap}) on a $${STACK_PURCHASE_USD} purchase; card-linked offers are targeted and must be added to the card first`;
  }
  return known.length > 0
    ? `offer: the known offers for this merchant are not in force on ${date} (ended, not started, or seen more than ${FRESHNESS_HORIZON_DAYS} days before) and do not count`
    : 'offer: no card-linked offer is known for this merchant';
}

function cardNote(card: Keyed.RankedCard | null, merchant: string): string {
  if (card === null) return `card: ${merchant} takes no credit card online`;
  const valuation =
    card.valuation_basis === 'assumed' ? 'assumed: no valuation found for its program, counted at 1 cent per point' : card.valuation_basis;
  return `card: ${card.name} earns ${card.rate}x here, ${card.value_cents} cents per dollar (valuation ${valuation})`;
}

export const tripleStackRoute: RouteDefinition = defineRoute('compute-triple-stack', {
  schema: tripleStack,
  summary:
    'Best cards + best current shopping portal rate + card-linked offer for any merchant, online, each in cents per dollar with its basis and age',
  description:
    `The purchase is online (a portal link works only there): the cards are those the merchant takes online. ` +
    `Portal rates and offers observed more than ${FRESHNESS_HORIZON_DAYS} days before the build date are history: ` +
    'the newest such rate is shown in portal_historical with its date and never added into total_cents. basis names each part: current, historical or unknown. ' +
    'A portal rate written "up to" is a ceiling over the store\'s categories, never a sure part of a total: total_cents counts what is sure, ' +
    'total_cents_up_to the most the stack can give (the two are equal when nothing is "up to").',
  queryDocs: { valuation: VALUATION_QUERY_DOC, segment: SEGMENT_QUERY_DOC },
  *derive(model) {
    const rates = groupBy(storeRates(model), (r) => r.merchant);
    const offers = groupBy(liveOffers(model), (o) => o.merchant);
    for (const [valuation, segment] of rankingChoices()) yield* stacks(model, valuation, segment, rates, offers);
  },
});

/** One stack per merchant, its cards ranked by `valuationMode` among those of `segment` (null: every card). */
function* stacks(
  model: Model,
  valuationMode: ValuationMode,
  segment: Segment | null,
  rates: ReadonlyMap<string, Keyed.StoreRate[]>,
  offers: ReadonlyMap<string, Keyed.Offer[]>,
): Iterable<RouteOutput> {
  const params = segment === null ? { valuation: valuationMode } : { valuation: valuationMode, segment };
  for (const merchant of model.merchants) {
    const purchase = { mcc: merchant.mcc, merchant: merchant.slug, channel: 'online' } as const;
    const cards = rankedCards(model, purchase, INLINE_CARDS, valuationMode, segment);
    const card = cards[0] ?? null;
    const { current: portal, historical } = portalChoice(rates.get(merchant.slug) ?? []);
    const known = offers.get(merchant.slug) ?? [];
    const restriction = acceptanceOf(model, merchant.slug, 'online');
    const usable = known.filter((o) => offerUsable(model, o, restriction));
    const offer = bestOffer(usable);
    const refused = offer === null && bestOffer(known) !== null;
    const portalValue = portal === null ? 0 : portalCents(portal);
    const portalCeiling = portal === null ? 0 : portalCeilingCents(portal);
    const offerValue = offer === null ? 0 : offerCents(offer);
    const dates = [portal?.observed_on, offer?.observed_on].filter((d): d is string => d !== undefined).sort();
    const asOf = dates[0] ?? null;
    const cardValue = card?.value_cents ?? 0;
    const document = {
      merchant: { slug: merchant.slug, name: merchant.name, mcc_code: merchant.mcc },
      evaluated_on: model.date,
      purchase_usd: STACK_PURCHASE_USD,
      channel: 'online',
      segment,
      acceptance: acceptanceView(model, purchase),
      card,
      best_cards: cards,
      portal,
      portal_historical: historical,
      offer,
      basis: {
        card: 'current',
        portal: portal !== null ? 'current' : historical !== null ? 'historical' : 'unknown',
        offer: offer !== null ? 'current' : refused ? 'not_accepted' : known.length > 0 ? 'historical' : 'unknown',
      },
      freshness_horizon_days: FRESHNESS_HORIZON_DAYS,
      known: {
        portal: portal !== null ? 'rate' : historical !== null ? 'historical only' : 'none known',
        offer: offer !== null ? 'in force' : refused ? 'not accepted' : known.length > 0 ? 'expired or not started' : 'none known',
      },
      card_cents: cardValue,
      portal_cents: portalValue,
      portal_cents_up_to: portalCeiling,
      offer_cents: offerValue,
      total_cents: round4(cardValue + portalValue + offerValue),
      total_cents_up_to: round4(cardValue + portalCeiling + offerValue),
      as_of: asOf,
      age_days: asOf === null ? null : ageInDays(asOf, model.date),
      assumptions: [
        cardNote(card, merchant.name),
        portalNote(portal, historical),
        offerNote(offer, known, refused, model.date),
        portal === null && offer === null
          ? 'the stack is the card alone: nothing current is known to add to it'
          : 'the parts add up only when the purchase goes through the portal link, with the card the offer was added to',
      ],
    };
    yield { params: { ...params, merchant: merchant.slug }, document };
  }
}
