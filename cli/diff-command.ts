/**
 * `cardrewards diff <old-dist> <new-dist>`: what a data change did to the answers, as Markdown for
 * a pull-request comment or as JSON lines, or the files a deploy must upload (`--format upload`).
 * Exit code 0 when the builds are the same, 1 when they differ, 2 on error.
 */
import { resolve } from 'node:path';
import { loadBuild, type Manifest } from '../gateway/open-gateway.ts';
import { historyFileTest } from '../generator/outputs.ts';
import { type BuildDiff, diffTrees, type TreeView, withoutFiles } from '../generator/writer/build-diff.ts';
import { diskTree } from '../generator/writer/disk-tree.ts';
import { uploadPaths } from '../generator/writer/upload-paths.ts';

/** Changes listed per kind in Markdown before "and N more". */
const MARKDOWN_LIST_LIMIT = 25;

export interface DiffOptions {
  readonly format: DiffFormat;
}

/** How the difference is printed; `upload` lists the paths a sync to a CDN or a bucket must upload, one a line. */
export type DiffFormat = 'markdown' | 'jsonl' | 'upload';

/** Prints the difference between the two trees and sets the exit code. */
export async function diff(oldDist: string, newDist: string, options: DiffOptions): Promise<void> {
  if (options.format === 'upload') {
    // Every file counts here, the history's too: a deploy that left them out would serve the old history.
    const [before, after] = [oldDist, newDist].map((dist) => loadBuild(resolve(dist)).manifest) as [Manifest, Manifest];
    const paths = uploadPaths(before, after);
    process.stdout.write(paths.map((path) => `${path}\n`).join(''));
    process.exitCode = paths.length === 0 ? 0 : 1;
    return;
  }
  const [before, after] = [oldDist, newDist].map((dist) => {
    const build = loadBuild(resolve(dist));
    // History files differ between builds of the same answers (another commit, another history): not an answer.
    return withoutFiles(diskTree(build.root, build.manifest), historyFileTest());
  }) as [TreeView, TreeView];
  const result = diffTrees(before, after);
  process.stdout.write(options.format === 'jsonl' ? toJsonLines(result) : toMarkdown(result));
  process.exitCode = result.families.length === 0 ? 0 : 1;
}

function toJsonLines(result: BuildDiff): string {
  const lines = [
    { type: 'builds', before: result.oldBuild, after: result.newBuild },
    ...result.families.map((family) => ({ type: 'files', ...family })),
    ...result.changes.map((change) => ({ type: 'change', ...change })),
  ];
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

function toMarkdown(result: BuildDiff): string {
  if (result.families.length === 0) return `### Data build ${result.newBuild}\n\nNo answer changed: the builds are the same.\n`;
  const total = (key: 'added' | 'removed' | 'changed') => result.families.reduce((sum, family) => sum + family[key], 0);
  const lines = [
    `### Data build ${result.oldBuild} → ${result.newBuild}`,
    '',
    `${total('changed')} files changed, ${total('added')} added, ${total('removed')} removed.`,
    '',
    '| route family | changed | added | removed |',
    '|---|---|---|---|',
    ...result.families.map((family) => `| \`${family.family}\` | ${family.changed} | ${family.added} | ${family.removed} |`),
  ];
  const kinds = [...new Set(result.changes.map((change) => change.kind))];
  for (const kind of kinds) {
    const changes = result.changes.filter((change) => change.kind === kind);
    lines.push('', `**${kind}** (${changes.length})`, '');
    for (const change of changes.slice(0, MARKDOWN_LIST_LIMIT))
      lines.push(`- \`${change.subject}\`: ${change.before ?? '(none)'} → ${change.after ?? '(none)'}`);
    if (changes.length > MARKDOWN_LIST_LIMIT) lines.push(`- and ${changes.length - MARKDOWN_LIST_LIMIT} more`);
  }
  if (kinds.length === 0) lines.push('', 'No top card, recommendation, fee, valuation or portal rate changed.');
  return `${lines.join('\n')}\n`;
}
