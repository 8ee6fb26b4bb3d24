/** Building blocks the keyed schemas share: nullable scalars, counts, bases, the object helper and the list wrappers' memo. */
import { cardSegment, slug, text } from '../common.ts';

export const nullableNumber = { type: ['number', 'null'] } as const;
export const nullableString = { type: ['string', 'null'] } as const;
export const nullableDate = { type: ['string', 'null'], format: 'date' } as const;
export const count = { type: 'integer', minimum: 0 } as const;
export const valuationBasis = {
  enum: ['published', 'derived', 'redemption', 'assumed'],
  description:
    'published: a published valuation (publisher and date in the program); derived: a documented rule (a shared currency, a fixed redemption value); redemption: a fixed-value redemption the card offers on its own (docs/ranking.md, standalone valuation); assumed: none found, ranked at 1 cent per point',
} as const;
export const ageDays = {
  type: 'integer',
  minimum: 0,
  description: 'days from observed_on to the build date (not the time of the request)',
} as const;
/** Whether a rate is the one shown that day or the median of a window: the dataset's own column. */
export { basis } from '../dataset/shared.ts';
/** How every ranked list names a card: its place, slug, name, and issuer as slug and as display name. */
export const rankedCardFields = {
  rank: { type: 'integer', minimum: 1 },
  slug,
  name: text,
  issuer: slug,
  issuer_name: text,
  segment: cardSegment,
} as const;
export const object = <const P extends Record<string, unknown>, const R extends readonly (keyof P & string)[]>(
  properties: P,
  required: R,
) => ({ type: 'object', additionalProperties: false, required, properties }) as const;
export const listSchemas = new Map<string, object>();
/** Memoised by name, so every document of a route shares one schema object (and one compiled validator). */
export function named<T extends object>(name: string, build: () => T): T {
  const known = listSchemas.get(name);
  if (known) return known as T;
  const schema = build();
  listSchemas.set(name, schema);
  return schema;
}

/** Component names of response schemas that carry no `title` (adding one would change the documents' bytes). */
const componentNames = new WeakMap<object, string>();
/** Names a response schema for the OpenAPI components, once, where it is defined; returns it unchanged. */
export function component<T extends object>(name: string, schema: T): T {
  componentNames.set(schema, name);
  return schema;
}
/** A response schema's component name: its `title`, or the name `component` gave it. */
export function componentName(schema: object): string {
  const title = (schema as { title?: unknown }).title;
  const name = typeof title === 'string' ? title : componentNames.get(schema);
  if (name === undefined) throw new Error('a response schema needs a title or a component() name');
  return name;
}
