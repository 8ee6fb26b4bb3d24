/** How the page and the feed word one build of the change history, so both say the same. */
import type { BuildChange } from '../../../schemas/keyed.ts';

/** The fragment that names a build on the changes page (a sequence number is unique in a history, a build id need not be; both together survive a history that starts over). */
export function entryAnchor(build: BuildChange): string {
  return `build-${build.sequence}-${build.build}`;
}

/** One line per changed answer, then one for those left out, as plain text. */
export function changeLines(build: BuildChange): string[] {
  const lines = build.changes.map(
    (change) => `${change.kind} ${change.subject}: ${change.before ?? '(none)'} → ${change.after ?? '(none)'}`,
  );
  const more = build.changes_total - build.changes.length;
  if (more > 0) lines.push(`and ${more} more (cardrewards diff lists them all)`);
  if (build.previous_build === null) lines.push('The first build of this history: nothing to compare with.');
  else if (build.changes_total === 0) lines.push('No top card, recommendation winner, annual fee, valuation or portal rate changed.');
  return lines;
}
