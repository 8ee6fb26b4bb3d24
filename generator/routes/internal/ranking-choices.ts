/**
 * Every answer a ranking route derives: one per valuation (standalone, the default, or pooled) and
 * segment (personal, business, or none: every card). Their file templates are the route table's
 * (schemas/keyed-routes.ts, `rankingVariants`).
 */
import { SEGMENTS, type Segment, VALUATIONS, type ValuationMode } from '../../../schemas/ranking-choices.ts';

/** Every valuation with every segment (null: every card): the answers a ranking route derives. */
export function rankingChoices(): [ValuationMode, Segment | null][] {
  return VALUATIONS.flatMap((valuation) => [null, ...SEGMENTS].map((segment): [ValuationMode, Segment | null] => [valuation, segment]));
}
