/** Cards ranked by net yearly value for the documented spend profiles (docs/ranking.md §7). */
import { defineRoute, type RouteDefinition } from '../route.ts';
import { spendProfileRanking } from '../../schemas/keyed.ts';
import { rankByNetValue, SPEND_PROFILES } from '../engine/spend-profiles.ts';
import { issuerName } from '../views/cards.ts';
import { cardValuation, VALUATION_QUERY_DOC, VALUATIONS } from '../engine/valuation.ts';

export const profileRoutes: readonly RouteDefinition[] = [
  defineRoute('compute-spend-profile', {
    schema: spendProfileRanking,
    summary: 'Every active card ranked by net yearly value for a spend profile (light, typical, heavy)',
    description:
      'profile=light|typical|heavy (monthly spend per category, docs/ranking.md §7), optionally valuation=standalone|pooled. ' +
      'Net value: a year of rewards after caps, plus statement credits marked easy to use, minus the annual fee. ' +
      'Rotating quarters are not counted; a chosen or automatic bonus counts once, where it adds the most.',
    queryDocs: { valuation: VALUATION_QUERY_DOC },
    *derive(model) {
      for (const valuation of VALUATIONS) {
        for (const profile of SPEND_PROFILES) {
          const cards = rankByNetValue(model, profile, valuation).map((value, index) => ({
            rank: index + 1,
            slug: value.card.slug,
            name: value.card.name,
            issuer: value.card.issuer,
            issuer_name: issuerName(model, value.card.issuer),
            segment: value.card.segment,
            annual_fee: value.card.annual_fee,
            rewards_usd: value.rewards_usd,
            credits_usd: value.credits_usd,
            membership_fees_usd: value.membership_fees_usd,
            net_usd: value.net_usd,
            pooled_with: valuation === 'pooled' ? cardValuation(model, value.card).pooled.with : null,
            categories: value.categories,
            credits: value.credits,
          }));
          const document = {
            profile: { slug: profile.slug, name: profile.name, monthly_usd: profile.monthly },
            valuation,
            evaluated_on: model.date,
            best_cards: cards,
          };
          yield { params: { valuation, profile: profile.slug }, document };
        }
      }
    },
  }),
];
