/**
 * Who a ranking is for (docs/ranking.md §6, "Personal and business"): every card is offered to
 * people (`personal`) or to businesses (`business`), and every ranking answer can be limited to one
 * of them. Without a segment an answer ranks every card, as the API always has.
 */
import type { CardRow } from '../../schemas/dataset.ts';
import { SEGMENTS, type Segment } from '../../schemas/ranking-choices.ts';

export { SEGMENTS, type Segment };

/** True when `card` is among the candidates of a ranking limited to `segment` (null: every card). */
export function inSegment(card: CardRow, segment: Segment | null): boolean {
  return segment === null || card.segment === segment;
}

/** The `segment` query parameter, as the OpenAPI document describes it. */
export const SEGMENT_QUERY_DOC = {
  description:
    'personal: rank only cards offered to people; business: only cards offered to businesses. ' +
    'Without it every card is ranked, and each entry says its segment. An unknown value is a 404.',
  schema: { type: 'string', enum: [...SEGMENTS] },
} as const;
