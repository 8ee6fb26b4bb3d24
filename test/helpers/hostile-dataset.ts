/** Hostile copies of the fixture dataset for the fault suite: cells at their limits, cells past them, bytes that are not text. */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { toCsv } from '../../generator/dataset/csv.ts';
import { tables } from '../../generator/dataset/tables.ts';
import { url as urlSchema } from '../../schemas/common.ts';
import { FIXTURE } from './cli.ts';

interface ColumnSchema {
  readonly type?: string | readonly string[];
  readonly maxLength?: number;
  readonly pattern?: string;
}

/** Copies the dataset at `from` (the fixture) to `dir` and returns `dir`. */
export function copyFixture(dir: string, from = FIXTURE): string {
  cpSync(from, dir, { recursive: true });
  return dir;
}

/** Rewrites `file` of the dataset at `dir` line by line (1-based line numbers, the header is line 1). */
export function editLine(dir: string, file: string, line: number, edit: (text: string) => string): void {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  lines[line - 1] = edit(lines[line - 1] ?? '');
  writeFileSync(join(dir, file), lines.join('\n'));
}

/**
 * The dataset at `from` (the fixture) with every free-text cell (names, notes, descriptions,
 * sources) and every URL filled to its column's maxLength: the most a dataset of this shape can
 * say, for the output bound.
 */
export function writeAtLimits(dir: string, from = FIXTURE): string {
  copyFixture(dir, from);
  for (const table of tables) {
    let text: string;
    try {
      text = readFileSync(join(dir, table.file), 'utf8');
    } catch {
      continue;
    }
    const [header = [], ...rows] = parse(text) as string[][];
    const padded = rows.map((row) =>
      row.map((cell, index) => {
        const schema = table.schema.properties[header[index] ?? ''] as ColumnSchema | undefined;
        const max = schema?.maxLength;
        if (max === undefined || !(schema?.type === 'string' || schema?.type?.includes('string'))) return cell;
        if (schema.pattern === urlSchema.pattern) return `${cell}${cell.includes('?') ? '&' : '?'}pad=`.padEnd(max, 'p');
        if (schema.pattern !== undefined || (table.key.includes(header[index] ?? '') && cell !== '')) return cell;
        return `${cell === '' ? 'Padded' : cell} `.padEnd(max, 'w');
      }),
    );
    writeFileSync(join(dir, table.file), toCsv(header, padded));
  }
  return dir;
}
