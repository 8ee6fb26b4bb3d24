/**
 * The files of a ranking answer, by the two optional choices every ranking takes: `valuation=`
 * (standalone, the default, or pooled) and `segment=` (personal or business; none ranks every
 * card). A request that leaves a choice out is answered by the default's files: no second copy.
 */
import type { ManifestVariant } from '../../../schemas/manifest.ts';
import type { ParamKind } from '../../../schemas/param-kinds.ts';
import { DEFAULT_VALUATION, VALUATIONS, type ValuationMode } from '../../valuation.ts';
import { SEGMENTS, type Segment } from '../../segments.ts';

/**
 * Every combination of `valuation=` and `segment=` for one subject: `query` names the subject's own
 * parameters (`{ mcc: 'mcc' }`), `file(valuation, segment)` the file template for a valuation part
 * and a segment part (`{valuation}` or `standalone`; `{segment}`, or null for every card).
 */
export function rankingVariants(
  query: Readonly<Record<string, ParamKind>>,
  file: (valuation: string, segment: string | null) => string,
): ManifestVariant[] {
  return [
    { query: { ...query, valuation: 'slug', segment: 'slug' }, optional: {}, file: file('{valuation}', '{segment}') },
    { query: { ...query, valuation: 'slug' }, optional: {}, file: file('{valuation}', null) },
    { query: { ...query, segment: 'slug' }, optional: {}, file: file(DEFAULT_VALUATION, '{segment}') },
    { query: { ...query }, optional: {}, file: file(DEFAULT_VALUATION, null) },
  ];
}

/** Every valuation with every segment (null: every card): the answers a ranking route derives. */
export function rankingChoices(): [ValuationMode, Segment | null][] {
  return VALUATIONS.flatMap((valuation) => [null, ...SEGMENTS].map((segment): [ValuationMode, Segment | null] => [valuation, segment]));
}
