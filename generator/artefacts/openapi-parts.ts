/** Pieces of the OpenAPI document that describe the conventions: tags, typed enums, problem details (examples: openapi-examples.ts). */

/** RFC 9457 problem details as the gateway answers them: one definition, in schemas/ (the MCP tools' errors carry it too). */
export { PROBLEM_SCHEMA } from '../../schemas/problem-types.ts';

/** The resource a route belongs to, for grouping in /docs: the first segment after /api (compute routes by what they compute). */
export function tagOf(path: string): string {
  const [, , first = '', second = ''] = path.split('/');
  return first === 'compute' ? `compute ${second}` : first;
}

/** What each tag (tagOf) groups, shown as its heading in /docs. A route whose tag is missing here fails the OpenAPI lint test. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  static: 'Static files: no key, no rate limit, hostable on any CDN',
  cards: 'Credit cards: fees, reward rules, benefits and credits',
  categories: 'Bonus categories (dining, groceries, travel …) and the cards that reward them',
  'category-groups': 'The groups MCC codes fall into',
  changes: 'Dated facts of the dataset, newest first',
  'compute best-card': 'Cards ranked for one MCC or one merchant',
  'compute earn-table': 'Every active card at one MCC or merchant, to choose among the cards a person holds on their own device',
  'compute spend-profile': 'Cards ranked by net yearly value for a documented spend profile',
  'compute transfer': 'What a transfer between two loyalty programs gives',
  'compute triple-stack': 'Card, shopping portal and card-linked offer stacked for one merchant',
  export: 'The dataset in bulk, as CSV or JSON',
  extension: 'The browser-extension recommendation for a web domain',
  issuers: 'Card issuers and their cards',
  mcc: 'Merchant category codes with their descriptions, groups, cards and merchants',
  mcp: "The assistants' endpoint: the answers as Model Context Protocol tools (when the gateway runs with --mcp)",
  merchants: 'Merchants mapped to MCC codes',
  networks: 'Card networks and their cards',
  offers: 'Card-linked offers',
  portals: 'Shopping portals and their store rates',
  programs: 'Loyalty programs: valuations, transfer partners and the cards that earn them',
  stats: 'Counts of the dataset and its dates',
  stores: 'Portal rates of one store across portals',
  usage: "The caller's own call counters",
  valuations: 'Cents per point of every program, with the basis of each value',
};

/**
 * A copy of `schema` in which every enum also states its type (OpenAPI tools want both), and every
 * nested schema that `refOf` names is replaced by the reference it returns.
 */
export function withTypedEnums(schema: unknown, refOf: (nested: object) => object | undefined = () => undefined): unknown {
  const nested = (item: unknown): unknown =>
    (item !== null && typeof item === 'object' && !Array.isArray(item) && refOf(item)) || withTypedEnums(item, refOf);
  if (Array.isArray(schema)) return schema.map(nested);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, item]) => [key, key === 'enum' ? item : nested(item)]));
  const values = (copy as { enum?: unknown[] }).enum;
  if (values !== undefined && !('type' in copy)) {
    const types = [...new Set(values.map((value) => (value === null ? 'null' : typeof value)))].sort();
    copy['type'] = types.length === 1 ? types[0] : types;
  }
  return copy;
}
