/** docs/benchmarks.md is shared by several benchmarks: each rewrites only its own marked section. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Replaces the text between `start` and `end` in `file` by `section` (which includes both markers), or appends it. */
export function writeReportSection(file: string, start: string, end: string, section: string): void {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\n';
  const next =
    previous.includes(start) && previous.includes(end)
      ? previous.slice(0, previous.indexOf(start)) + section + previous.slice(previous.indexOf(end) + end.length)
      : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
