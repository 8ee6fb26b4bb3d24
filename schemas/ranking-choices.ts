/**
 * The two choices every ranking takes (docs/ranking.md): how points are valued and whose cards are
 * ranked. Defined once here for the generator, the route table, the MCP tools and the browser.
 */
import { cardSegment, VALUATIONS } from './common.ts';

export { VALUATIONS };
export type ValuationMode = (typeof VALUATIONS)[number];

/** What static files and requests without `valuation=` rank by. */
export const DEFAULT_VALUATION: ValuationMode = 'standalone';

/** The segments a ranking can be limited to, in file-path order; without one every card is ranked. */
export const SEGMENTS = cardSegment.enum;
export type Segment = (typeof SEGMENTS)[number];
