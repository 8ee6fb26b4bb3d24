/**
 * The change history a build carries (`keyed/history.json`, newest build first): the previous
 * build's history plus, when this build's answers differ from the previous build's, an entry with
 * what changed. A rebuild that changes no answer keeps the history as it was, so the same inputs
 * and the same previous build give the same bytes.
 */
import type { HistoryArtefact } from '../artefact.ts';
import type { BuildChange } from '../../schemas/keyed.ts';
import { CHANGES_PER_BUILD_LIMIT, HISTORY_LIMIT, changeHistory } from '../../schemas/keyed/meta.ts';
import { validatorFor } from '../../schemas/validator.ts';
import { type BuildDiff, diffTrees, type TreeView } from './build-diff.ts';

export type { BuildChange };

/** Where a build keeps its history for the next one; the gateway serves it through /api/changes only. */
export const HISTORY_PATH = 'keyed/history.json';

/** The history file itself, which the next build reads back. */
export const historyFile: HistoryArtefact = {
  name: 'change history',
  files: /^keyed\/history\.json$/,
  *derive(_model, history) {
    yield { path: HISTORY_PATH, document: { builds: history }, schema: changeHistory };
  },
};

export interface HistoryInput {
  /** The build this one follows (the live tree), without its history files; undefined for a first build. */
  readonly previous: TreeView | undefined;
  /** The previous build's history as read from its tree (anything unreadable counts as none). */
  readonly previousHistory: unknown;
  /** This build's tree, without its history files. */
  readonly current: TreeView;
  readonly date: string;
  readonly datasetCommit: string | null;
}

/** This build's history, newest first, at most HISTORY_LIMIT builds. */
export function nextHistory(input: HistoryInput): readonly BuildChange[] {
  const earlier = readableHistory(input.previousHistory);
  const base = { build: input.current.build, date: input.date, dataset_commit: input.datasetCommit };
  if (input.previous === undefined) {
    return [
      { sequence: 1, ...base, previous_build: null, summary: 'First build of this history.', files: [], changes: [], changes_total: 0 },
    ];
  }
  const diff = diffTrees(input.previous, input.current);
  // Same answers as the previous build: nothing to record (a history that is missing still gets its first entry).
  if (diff.families.length === 0 && earlier.length > 0) return earlier;
  const entry: BuildChange = {
    sequence: (earlier[0]?.sequence ?? 0) + 1,
    ...base,
    previous_build: input.previous.build,
    summary: summarize(diff),
    files: diff.families.map((family) => ({ ...family })),
    changes: diff.changes.slice(0, CHANGES_PER_BUILD_LIMIT).map((change) => ({ ...change })),
    changes_total: diff.changes.length,
  };
  return [entry, ...earlier].slice(0, HISTORY_LIMIT);
}

/** One line for people: file counts, then how many answers of each kind changed. */
function summarize(diff: BuildDiff): string {
  const total = (key: 'added' | 'removed' | 'changed') => diff.families.reduce((sum, family) => sum + family[key], 0);
  const files = `${total('changed')} files changed, ${total('added')} added, ${total('removed')} removed`;
  const kinds = new Map<string, number>();
  for (const change of diff.changes) kinds.set(change.kind, (kinds.get(change.kind) ?? 0) + 1);
  if (kinds.size === 0) return `${files}; no top card, recommendation, fee, valuation or portal rate changed.`;
  return `${files}; ${[...kinds].map(([kind, count]) => `${kind}: ${count}`).join(', ')}.`;
}

/**
 * The builds of a history document, or none when it does not match the schema: a history written
 * by an older generator, or damaged, starts over rather than failing the build.
 */
function readableHistory(document: unknown): readonly BuildChange[] {
  const validate = validatorFor<{ builds: BuildChange[] }>(changeHistory);
  return validate(document) ? document.builds : [];
}
