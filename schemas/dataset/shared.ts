/** Column pieces the dataset tables share: provenance, rate basis, the observation day. */
import { isoDate } from '../common.ts';
import { url } from './limits.ts';

export const sourced = { source_url: url, as_of: isoDate } as const;
export const basis = { enum: ['published', 'typical'], description: 'published or typical' } as const;
/** The day a rate or an offer was seen at its source: what its age in responses is counted from. */
export const observedOn = { ...isoDate, description: 'the day the fact was seen at its source, YYYY-MM-DD' } as const;
