/** Cards, issuers and networks: the free catalogue and its starter-tier details. */
import type { Model } from '../engine/model.ts';
import { defineRoute, type RouteDefinition } from '../route.ts';
import type { IssuerRow } from '../../schemas/dataset.ts';
import { cardDetail, cardSummary, issuer, network, pageOf, listOf, reward, benefit } from '../../schemas/keyed.ts';
import { groupBy } from '../internal/group-by.ts';
import { benefitsOf, byText, cardDetailOf, cardSummaryOf, rewardsOf } from '../views/index.ts';

const cardPage = pageOf(cardSummary, 'CardPage');

/** An issuer as responses show it, with its number of active cards. */
const issuerOf = (model: Model, row: IssuerRow) => ({
  slug: row.slug,
  name: row.name,
  website: row.website,
  card_count: model.activeCards.filter((c) => c.issuer === row.slug).length,
});

export const cardRoutes: readonly RouteDefinition[] = [
  defineRoute('cards-list', {
    schema: cardPage,
    summary: 'All credit cards with reward rates, fees and bonus categories',
    description: 'Paged, sorted by slug. Filter by one facet: issuer, network or segment.',
    *derive(model) {
      const cards = [...model.cardBySlug.values()].sort((a, b) => byText(a.slug, b.slug)).map((card) => cardSummaryOf(model, card));
      yield { params: {}, pages: cards };
      for (const facet of ['issuer', 'network', 'segment'] as const) {
        for (const [value, group] of groupBy(cards, (card) => card[facet])) {
          yield { params: { [facet]: value }, pages: group };
        }
      }
    },
  }),
  defineRoute('cards-detail', {
    schema: cardDetail,
    summary: 'One card: reward rules, fees, sign-up bonus, benefits and credits',
    *derive(model) {
      for (const card of model.cardBySlug.values()) yield { params: { id: card.slug }, document: cardDetailOf(model, card) };
    },
  }),
  defineRoute('card-rewards', {
    schema: listOf(reward, 'RewardList'),
    summary: 'The bonus categories of one card, with caps, channels and dates',
    *derive(model) {
      for (const card of model.cardBySlug.values()) {
        const data = rewardsOf(model, card);
        yield {
          params: { id: card.slug },
          list: data,
        };
      }
    },
  }),
  defineRoute('card-benefits', {
    schema: listOf(benefit, 'BenefitList'),
    summary: 'The benefits and statement credits of one card',
    *derive(model) {
      for (const card of model.cardBySlug.values()) {
        const data = benefitsOf(model, card);
        yield {
          params: { id: card.slug },
          list: data,
        };
      }
    },
  }),
  defineRoute('issuers-list', {
    schema: listOf(issuer, 'IssuerList'),
    summary: 'Card issuers with their number of active cards',
    *derive(model) {
      const data = [...model.issuers.values()].sort((a, b) => byText(a.slug, b.slug)).map((row) => issuerOf(model, row));
      yield { params: {}, list: data };
    },
  }),
  defineRoute('issuers-detail', {
    schema: issuer,
    summary: 'One card issuer',
    *derive(model) {
      for (const row of model.issuers.values()) {
        yield { params: { id: row.slug }, document: issuerOf(model, row) };
      }
    },
  }),
  defineRoute('issuer-cards', {
    schema: listOf(cardSummary, 'CardList'),
    summary: 'Every card of one issuer',
    *derive(model) {
      for (const row of model.issuers.values()) {
        const data = [...model.cardBySlug.values()]
          .filter((c) => c.issuer === row.slug)
          .sort((a, b) => byText(a.slug, b.slug))
          .map((c) => cardSummaryOf(model, c));
        yield {
          params: { id: row.slug },
          list: data,
        };
      }
    },
  }),
  defineRoute('networks-list', {
    schema: listOf(network, 'NetworkList'),
    summary: 'Card networks with their number of active cards',
    *derive(model) {
      const data = [...groupBy(model.activeCards, (c) => c.network)].map(([slug, cards]) => ({ slug, card_count: cards.length }));
      yield { params: {}, list: data };
    },
  }),
];
