/**
 * Lists every distinct version of the known files in a (bare) git repository: each committed
 * version of a saved page is one dated snapshot, cited as `owner/repo@commit:path`.
 */
import { execFileSync } from 'node:child_process';
import { KNOWN_LAYOUTS, trakstrDay, type Layout } from './known-layouts.ts';
import type { Snapshot } from './snapshot.ts';

/** The snapshots in `gitDir`, a clone or mirror of the public repository `repo` (`owner/name`). */
export function gitSnapshots(repo: string, gitDir: string): Snapshot[] {
  const layouts = KNOWN_LAYOUTS[repo];
  if (!layouts) throw new Error(`no known layout for ${repo}; known: ${Object.keys(KNOWN_LAYOUTS).join(', ')}`);
  const git = (...args: string[]) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const snapshots = new Map<string, Snapshot>();
  // Oldest commit first, so a version is cited from (and dated by) the commit that introduced it.
  for (const line of git('log', '--all', '--reverse', '--format=%H %as').trim().split('\n')) {
    const [commit, authorDay] = line.split(' ') as [string, string];
    for (const entry of git('ls-tree', '-r', commit).split('\n')) {
      const tab = entry.indexOf('\t');
      if (tab < 0) continue;
      const blob = entry.slice(0, tab).split(' ')[2]!;
      const path = entry.slice(tab + 1);
      const layout = layouts.find((candidate) => candidate.path.test(path));
      if (!layout || snapshots.has(`${layout.portal}\u0000${blob}`)) continue;
      const observedOn = dayOf(layout, path, authorDay);
      if (observedOn === null) continue;
      snapshots.set(`${layout.portal}\u0000${blob}`, {
        portal: layout.portal,
        format: layout.format,
        observedOn,
        source: `${repo}@${commit}:${path}`,
        read: () => git('cat-file', 'blob', blob),
      });
    }
  }
  return [...snapshots.values()];
}

function dayOf(layout: Layout, path: string, authorDay: string): string | null {
  if (layout.day === 'stated') return layout.statedDay ?? null;
  return layout.day === 'author-date' ? authorDay : trakstrDay(path);
}
