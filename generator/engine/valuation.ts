/**
 * What one point of a card is worth, in the two valuations of docs/ranking.md: standalone (the
 * holder has only this card) and pooled (the holder also has the program's premium card).
 * The one place a card's cents per point is decided; rankings and documents read it from here.
 */
import type { Model } from './model.ts';
import type { CardRow } from '../../schemas/dataset.ts';

import { DEFAULT_VALUATION, VALUATIONS, type ValuationMode } from '../../schemas/ranking-choices.ts';

export { DEFAULT_VALUATION, VALUATIONS, type ValuationMode };

/**
 * Cents per point for a program without a published valuation: a floor (most programs redeem
 * at or above it), used so such cards still rank, and always reported as `assumed`.
 */
export const ASSUMED_CENTS_PER_POINT = 1;

/**
 * Where a value per point comes from. `published`: the program's published valuation (for bank
 * points, what transfers to partners are worth); `derived`: the program's value by a documented
 * rule (programs.csv `valuation_basis`); `redemption`: a fixed-value redemption the card
 * offers on its own (cash, statement credit, travel); `assumed`: nothing known, 1 cent.
 */
export type ValuationBasis = 'published' | 'derived' | 'redemption' | 'assumed';

/** One valuation of one card's points. */
export interface PointValue {
  readonly centsPerPoint: number;
  readonly basis: ValuationBasis;
}

/** Both valuations of a card's points. */
export interface CardValuation {
  readonly standalone: PointValue;
  /** `with`: the card the holder must also have for this value; null when this card reaches it alone. */
  readonly pooled: PointValue & { readonly with: string | null };
  /** `card`: from the card's row of card_valuations.csv; `default`: the documented default for cards without one. */
  readonly source: 'card' | 'default';
}

const cache = new WeakMap<Model, Map<string, CardValuation>>();

/** Both valuations of `card`'s points (memoised per model: every ranking asks for every card). */
export function cardValuation(model: Model, card: CardRow): CardValuation {
  let known = cache.get(model);
  if (!known) {
    known = new Map();
    cache.set(model, known);
  }
  let valuation = known.get(card.slug);
  if (!valuation) {
    valuation = computeValuation(model, card);
    known.set(card.slug, valuation);
  }
  return valuation;
}

/** The point value `card` ranks at under `mode`. */
export function pointValueOf(model: Model, card: CardRow, mode: ValuationMode): PointValue {
  return cardValuation(model, card)[mode];
}

/** A program's own value per point (programs.csv) and its basis, or the assumed floor. */
export function programValuation(model: Model, slug: string): PointValue {
  const program = model.programs.get(slug);
  const cents = program?.cents_per_point ?? null;
  if (!program || cents === null) return { centsPerPoint: ASSUMED_CENTS_PER_POINT, basis: 'assumed' };
  return { centsPerPoint: cents, basis: program.valuation_basis === 'derived' ? 'derived' : 'published' };
}

function computeValuation(model: Model, card: CardRow): CardValuation {
  const program = model.programs.get(card.program);
  const transfer = programValuation(model, card.program);
  const floor = model.redemptionsByProgram.get(card.program)?.[0];
  const row = model.cardValuations.get(card.slug);

  if (row) {
    if (row.transfers_alone === 'yes') return { standalone: transfer, pooled: { ...transfer, with: null }, source: 'card' };
    const cents = row.standalone_cents_per_point ?? floor?.cents_per_point ?? transfer.centsPerPoint;
    return {
      standalone: { centsPerPoint: cents, basis: 'redemption' },
      pooled: pooledOf(transfer, cents, row.pooled_with),
      source: 'card',
    };
  }
  // Default: miles and hotel points land in the airline's or hotel's own account, and cash back is
  // cash, so holding one card changes nothing. Bank points without a row are worth the program's
  // floor on their own, the transfer value only alongside a card we cannot name.
  if (program?.kind !== 'bank_points' || floor === undefined) {
    return { standalone: transfer, pooled: { ...transfer, with: null }, source: 'default' };
  }
  return {
    standalone: { centsPerPoint: floor.cents_per_point, basis: 'redemption' },
    pooled: pooledOf(transfer, floor.cents_per_point, null),
    source: 'default',
  };
}

/** A pooled holder can still take the card's own redemption, so pooled is never below standalone. */
function pooledOf(transfer: PointValue, standaloneCents: number, partner: string | null): CardValuation['pooled'] {
  return transfer.centsPerPoint >= standaloneCents
    ? { ...transfer, with: partner }
    : { centsPerPoint: standaloneCents, basis: 'redemption', with: null };
}

/** The `valuation` query parameter as the OpenAPI document describes it. */
export const VALUATION_QUERY_DOC = {
  description:
    "standalone (the default): what the points are worth to a holder of only that card; pooled: the program's transfer value, " +
    'assuming the holder also has the card that unlocks transfers (named in values.pooled_with). An unknown value is a 404.',
  schema: { type: 'string', enum: [...VALUATIONS], default: DEFAULT_VALUATION },
} as const;
