/**
 * What changed between two built trees: files added, removed and changed per route family (from
 * the manifests' ETags alone, so unchanged files are never read), and the changes a user would
 * notice, read from the changed files only: top cards per MCC and per merchant, recommendation
 * winners per domain, annual fees, valuations and portal rates. `cardrewards diff` prints it for a
 * reviewer; the generator records it in each build's change history.
 */
// A diff's families and changes have the shapes the change history publishes (schemas/keyed/meta.ts).
import type { FamilyCounts, SemanticChange } from '../../schemas/keyed.ts';
import { templatePattern } from '../../schemas/path-template.ts';
import { byPath } from '../../tree/tree-contract.ts';

/**
 * A tree's files as the diff reads them: looked up by path and walked, never copied (a tree holds
 * millions). A `Map` of the manifest's entries is one.
 */
export interface TreeFiles<Entry extends { readonly etag: string } = { readonly etag: string }> {
  /** The file at `path` with its ETag (equal exactly when the bytes are), undefined when the tree has none there. */
  get(path: string): Entry | undefined;
  /** Every path of the tree, each once. */
  keys(): Iterable<string>;
}

/** What the diff needs of a tree, on disk or still in memory. */
export interface TreeView {
  readonly build: string;
  readonly files: TreeFiles;
  /** The keyed routes, whose file templates name the route families. */
  readonly routes: readonly TreeRoute[];
  /** The parsed JSON document at `path`, which `files` lists. */
  readonly read: (path: string) => unknown;
}

export interface TreeRoute {
  readonly path: string;
  readonly variants: readonly { readonly file: string; readonly fallback?: string | undefined }[];
}

export interface BuildDiff {
  readonly oldBuild: string;
  readonly newBuild: string;
  readonly families: readonly FamilyCounts[];
  readonly changes: readonly SemanticChange[];
}

/** One extractor per user-visible answer: which files hold it, and its value in one file. */
interface Extractor {
  readonly kind: string;
  readonly pattern: RegExp;
  readonly value: (document: unknown) => string | null;
}

type Json = Record<string, unknown>;
const field = (document: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((value, key) => (value === null || typeof value !== 'object' ? undefined : (value as Json)[key]), document);
const text = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));

const EXTRACTORS: readonly Extractor[] = [
  { kind: 'mcc top card', pattern: /^public\/api\/mcc\/(\d{4})\.json$/, value: (d) => text(field(d, 'top_cards', 0, 'slug')) },
  { kind: 'merchant top card', pattern: /^public\/api\/merchant\/([^/]+)\.json$/, value: (d) => text(field(d, 'top_card', 'slug')) },
  {
    kind: 'recommendation winner',
    pattern: /^keyed\/api\/extension\/recommend\/([^/]+)\.json$/,
    value: (d) => text(field(d, 'best_cards', 0, 'slug') ?? field(d, 'best_cards', 0, 'name')),
  },
  { kind: 'annual fee', pattern: /^keyed\/api\/cards\/([^/]+)\.json$/, value: (d) => text(field(d, 'annual_fee')) },
  {
    kind: 'valuation (cents per point)',
    pattern: /^keyed\/api\/programs\/([^/]+)\.json$/,
    value: (d) => text(field(d, 'cents_per_point')),
  },
  {
    kind: 'portal rates',
    pattern: /^keyed\/api\/stores\/([^/]+)\/portals\.json$/,
    value: (d) => {
      const rows = field(d, 'data');
      if (!Array.isArray(rows)) return null;
      return rows.map((row) => `${text(field(row, 'portal'))} ${text(field(row, 'rate'))} ${text(field(row, 'unit'))}`).join('; ');
    },
  },
];

/** Each variant's file pattern and fallback with its route's path, compiled once per route list (not once per file). */
const familyPatterns = new WeakMap<readonly TreeRoute[], { pattern: RegExp; fallback: string | undefined; family: string }[]>();

/** The route family of a file: the keyed route whose file template it matches, else its folder under public/. */
function familyOf(path: string, routes: readonly TreeRoute[]): string {
  let patterns = familyPatterns.get(routes);
  if (patterns === undefined) {
    patterns = routes.flatMap((route) =>
      route.variants.map((variant) => ({ pattern: templatePattern(variant.file), fallback: variant.fallback, family: route.path })),
    );
    familyPatterns.set(routes, patterns);
  }
  for (const { pattern, fallback, family } of patterns) if (pattern.test(path) || path === fallback) return family;
  const parts = path.split('/');
  return parts[0] === 'public' && parts[1] === 'api' ? `/${parts.slice(1, 3).join('/')}` : `/${parts.slice(1, 2).join('/') || parts[0]}`;
}

/** `tree` as if the files `drop` matches were not there (the change history's, which are not answers); a view, not a copy. */
export function withoutFiles(tree: TreeView, drop: (path: string) => boolean): TreeView {
  const { files } = tree;
  return {
    ...tree,
    files: {
      get: (path) => (drop(path) ? undefined : files.get(path)),
      *keys() {
        for (const path of files.keys()) if (!drop(path)) yield path;
      },
    },
  };
}

/** Compares two trees. */
export function diffTrees(before: TreeView, after: TreeView): BuildDiff {
  const oldFiles = before.files;
  const newFiles = after.files;
  const counts = new Map<string, { added: number; removed: number; changed: number }>();
  const bump = (path: string, tree: TreeView, what: 'added' | 'removed' | 'changed') => {
    const family = familyOf(path, tree.routes);
    const entry = counts.get(family) ?? { added: 0, removed: 0, changed: 0 };
    entry[what]++;
    counts.set(family, entry);
  };
  // Each touched path with what happened to it, so the answers below need not look either tree up again.
  const touched: [string, 'added' | 'removed' | 'changed'][] = [];
  for (const path of newFiles.keys()) {
    const old = oldFiles.get(path);
    const what = old === undefined ? 'added' : old.etag !== newFiles.get(path)?.etag ? 'changed' : undefined;
    if (what === undefined) continue;
    bump(path, after, what);
    touched.push([path, what]);
  }
  for (const path of oldFiles.keys()) {
    if (newFiles.get(path) !== undefined) continue;
    bump(path, before, 'removed');
    touched.push([path, 'removed']);
  }

  const changes: SemanticChange[] = [];
  for (const [path, what] of touched.sort(([a], [b]) => byPath(a, b))) {
    const extractor = EXTRACTORS.find((candidate) => candidate.pattern.test(path));
    if (extractor === undefined) continue;
    const subject = extractor.pattern.exec(path)?.[1] ?? path;
    const was = what === 'added' ? null : extractor.value(before.read(path));
    const now = what === 'removed' ? null : extractor.value(after.read(path));
    if (was !== now) changes.push({ kind: extractor.kind, subject, before: was, after: now });
  }
  const families = [...counts]
    .map(([family, entry]) => ({ family, ...entry }))
    .sort((a, b) => (a.family < b.family ? -1 : a.family > b.family ? 1 : 0));
  return { oldBuild: before.build, newBuild: after.build, families, changes };
}
