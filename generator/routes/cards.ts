/** Cards, issuers and networks: the free catalogue and its starter-tier details. */
import type { Model } from '../model.ts';
import type { RouteDefinition } from '../route.ts';
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
  {
    id: 'cards-list',
    path: '/api/cards',
    tier: 'free',
    schema: cardPage,
    summary: 'All credit cards with reward rates, fees and bonus categories',
    description: 'Paged, sorted by slug. Filter by one facet: issuer, network or segment.',
    params: {},
    variants: [
      { query: { issuer: 'slug' }, optional: { page: 'page' }, file: 'keyed/api/cards/by-issuer/{issuer}/page-{page}.json' },
      { query: { network: 'slug' }, optional: { page: 'page' }, file: 'keyed/api/cards/by-network/{network}/page-{page}.json' },
      { query: { segment: 'slug' }, optional: { page: 'page' }, file: 'keyed/api/cards/by-segment/{segment}/page-{page}.json' },
      { query: {}, optional: { page: 'page' }, file: 'keyed/api/cards/page-{page}.json' },
    ],
    *derive(model) {
      const cards = [...model.cardBySlug.values()].sort((a, b) => byText(a.slug, b.slug)).map((card) => cardSummaryOf(model, card));
      yield { params: {}, pages: cards };
      for (const facet of ['issuer', 'network', 'segment'] as const) {
        for (const [value, group] of groupBy(cards, (card) => card[facet])) {
          yield { params: { [facet]: value }, pages: group };
        }
      }
    },
  },
  {
    id: 'cards-detail',
    path: '/api/cards/{id}',
    tier: 'free',
    schema: cardDetail,
    summary: 'One card: reward rules, fees, sign-up bonus, benefits and credits',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/cards/{id}.json' }],
    *derive(model) {
      for (const card of model.cardBySlug.values()) yield { params: { id: card.slug }, document: cardDetailOf(model, card) };
    },
  },
  {
    id: 'card-rewards',
    path: '/api/cards/{id}/rewards',
    tier: 'starter',
    schema: listOf(reward, 'RewardList'),
    summary: 'The bonus categories of one card, with caps, channels and dates',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/cards/{id}/rewards.json' }],
    *derive(model) {
      for (const card of model.cardBySlug.values()) {
        const data = rewardsOf(model, card);
        yield {
          params: { id: card.slug },
          document: { data, total: data.length },
        };
      }
    },
  },
  {
    id: 'card-benefits',
    path: '/api/cards/{id}/benefits',
    tier: 'starter',
    schema: listOf(benefit, 'BenefitList'),
    summary: 'The benefits and statement credits of one card',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/cards/{id}/benefits.json' }],
    *derive(model) {
      for (const card of model.cardBySlug.values()) {
        const data = benefitsOf(model, card);
        yield {
          params: { id: card.slug },
          document: { data, total: data.length },
        };
      }
    },
  },
  {
    id: 'issuers-list',
    path: '/api/issuers',
    tier: 'free',
    schema: listOf(issuer, 'IssuerList'),
    summary: 'Card issuers with their number of active cards',
    params: {},
    variants: [{ query: {}, optional: {}, file: 'keyed/api/issuers.json' }],
    *derive(model) {
      const data = [...model.issuers.values()].sort((a, b) => byText(a.slug, b.slug)).map((row) => issuerOf(model, row));
      yield { params: {}, document: { data, total: data.length } };
    },
  },
  {
    id: 'issuers-detail',
    path: '/api/issuers/{id}',
    tier: 'free',
    schema: issuer,
    summary: 'One card issuer',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/issuers/{id}.json' }],
    *derive(model) {
      for (const row of model.issuers.values()) {
        yield { params: { id: row.slug }, document: issuerOf(model, row) };
      }
    },
  },
  {
    id: 'issuer-cards',
    path: '/api/issuers/{id}/cards',
    tier: 'starter',
    schema: listOf(cardSummary, 'CardList'),
    summary: 'Every card of one issuer',
    params: { id: 'slug' },
    variants: [{ query: {}, optional: {}, file: 'keyed/api/issuers/{id}/cards.json' }],
    *derive(model) {
      for (const row of model.issuers.values()) {
        const data = [...model.cardBySlug.values()]
          .filter((c) => c.issuer === row.slug)
          .sort((a, b) => byText(a.slug, b.slug))
          .map((c) => cardSummaryOf(model, c));
        yield {
          params: { id: row.slug },
          document: { data, total: data.length },
        };
      }
    },
  },
  {
    id: 'networks-list',
    path: '/api/networks',
    tier: 'free',
    schema: listOf(network, 'NetworkList'),
    summary: 'Card networks with their number of active cards',
    params: {},
    variants: [{ query: {}, optional: {}, file: 'keyed/api/networks.json' }],
    *derive(model) {
      const data = [...groupBy(model.activeCards, (c) => c.network)].map(([slug, cards]) => ({ slug, card_count: cards.length }));
      yield { params: {}, document: { data, total: data.length } };
    },
  },
];
