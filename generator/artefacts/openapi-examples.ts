/**
 * The OpenAPI document's examples, one request per operation that the build has a file for, and
 * that file's answer. A route's example is the first file it writes whose name its variant
 * templates read back into valid parameter values, so "Try it out" in /docs answers 200 with the
 * same document the example shows; a route without files of its own (the best cards of an MCC
 * are the best-card route's files) borrows the first such file of another route.
 */
import type { Artefact, OutputDocument } from '../artefact.ts';
import type { Model } from '../engine/model.ts';
import type { RouteDefinition } from '../route.ts';
import { renderRoute } from '../route-runner.ts';
import { PARAM_KIND_DEFINITIONS, PAGE_SIZE, type ParamKind } from '../../schemas/param-kinds.ts';
import { templateParams, templatePattern } from '../../schemas/path-template.ts';
import { type Usage, usageWindow } from '../../schemas/keyed/usage.ts';

/** One request and its answer, as the document shows them. */
export interface OperationExample {
  /** Every parameter of the request, path and query alike, by name; a parameter of another variant has none. */
  readonly parameters: Readonly<Record<string, string | number>>;
  /** The 200 answer, trimmed (EXAMPLE_ITEMS); a CSV file as its first lines. */
  readonly response: unknown;
}

/** Arrays longer than this are cut in examples: the shape shows, the document stays small. */
const EXAMPLE_ITEMS = 2;

/** The example of every route, by route id; a route the build has no answer for has none. */
export function routeExamples(model: Model, routes: readonly RouteDefinition[]): Map<string, OperationExample> {
  const examples = new Map<string, OperationExample>();
  const written: OutputDocument[] = [];
  for (const route of routes) {
    if (route.derive === undefined) continue;
    for (const output of renderRoute(route, route.derive(model))) {
      const parameters = parametersOf(route, output.path);
      if (parameters === undefined) continue;
      written.push(output);
      examples.set(route.id, { parameters, response: responseOf(output) });
      break;
    }
  }
  for (const route of routes) {
    if (examples.has(route.id)) continue;
    const example = route.answer === 'usage' ? usageExample(model) : borrowed(route, written);
    if (example !== undefined) examples.set(route.id, example);
  }
  return examples;
}

/**
 * The example of a static record (`public/api/mcc/{code}.json`): the first file `artefact` writes,
 * with the one placeholder of `template` read from its name.
 */
export function staticExample(model: Model, artefact: Artefact, template: string): OperationExample | undefined {
  const names = templateParams(template);
  for (const output of artefact.derive(model)) {
    const match = templatePattern(template).exec(output.path);
    if (match === null) continue;
    return { parameters: Object.fromEntries(names.map((name, i) => [name, match[i + 1] as string])), response: responseOf(output) };
  }
  return undefined;
}

/** The route's parameters that name `path` through its first variant that can, or undefined when none can. */
function parametersOf(route: RouteDefinition, path: string): Record<string, string | number> | undefined {
  for (const variant of route.variants) {
    const match = templatePattern(variant.file).exec(path);
    if (match === null) continue;
    const kinds: Readonly<Record<string, ParamKind>> = { ...route.params, ...variant.query, ...variant.optional };
    const parameters: Record<string, string | number> = {};
    let valid = true;
    templateParams(variant.file).forEach((name, i) => {
      const value = match[i + 1] as string;
      const kind = kinds[name];
      // A file name the gateway would not ask for (the domain route's `_fallback`) is no example.
      if (kind === undefined || PARAM_KIND_DEFINITIONS[kind].normalise(value) !== value) valid = false;
      parameters[name] = kind === 'page' ? Number(value) : value;
    });
    if (valid) return parameters;
  }
  return undefined;
}

/** A route that writes no files of its own answers from another route's: the first of those its variants name. */
function borrowed(route: RouteDefinition, written: readonly OutputDocument[]): OperationExample | undefined {
  for (const output of written) {
    const parameters = parametersOf(route, output.path);
    if (parameters !== undefined) return { parameters, response: responseOf(output) };
  }
  // Its files come later (the change history's pages): the first page answers a request without parameters.
  if (route.variants.every((variant) => Object.keys(variant.query).length === 0 && templateParams(variant.file).every(isPage(variant))))
    return { parameters: {}, response: emptyPage() };
  return undefined;
}

const isPage = (variant: RouteDefinition['variants'][number]) => (name: string) => variant.optional[name] === 'page';

/**
 * An empty first page: the shape of /api/changes. Its real pages are written after this document,
 * from the history of the builds, which this build's id (a hash of this document too) is part of.
 */
function emptyPage() {
  return { data: [], next: null, page: 1, page_size: PAGE_SIZE, prev: null, total: 0, total_pages: 1 };
}

/**
 * What the gateway answers an enterprise key (no limits) on the dataset date, before its first
 * call: the windows of that UTC day and month and the seconds left in them from its start.
 */
function usageExample(model: Model): OperationExample {
  const start = Date.parse(`${model.date}T00:00:00Z`);
  const day = new Date(start);
  const monthEnd = Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1);
  const response: Usage = {
    key: 'a1b2c3d4e5f6',
    name: 'example',
    tier: 'enterprise',
    day: usageWindow(model.date, 0, null, 86_400),
    month: usageWindow(model.date.slice(0, 7), 0, null, (monthEnd - start) / 1000),
  };
  return { parameters: {}, response };
}

function responseOf(output: OutputDocument): unknown {
  return 'document' in output ? trim(output.document) : firstRecords(output.bytes.toString('utf8'), 1 + EXAMPLE_ITEMS);
}

function trim(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_ITEMS).map(trim);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trim(item)]));
  return value;
}

/** The first `count` records of a CSV text (a quoted field may hold a line break), each with its line end. */
function firstRecords(text: string, count: number): string {
  let quoted = false;
  let records = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === '\n' && !quoted && ++records === count) return text.slice(0, i + 1);
  }
  return text;
}
