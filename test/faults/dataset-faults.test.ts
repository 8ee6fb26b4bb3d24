/**
 * Hostile datasets through the real CLI (issue 28, items 1 and 7): a 10 MB cell, bytes that are not
 * UTF-8 and NUL bytes, a missing column, a quote that never closes, and a dataset whose every text
 * cell is at its limit. Each must be refused quickly with a located problem, or build within the
 * output bound (docs/input-limits.md).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../generator/dataset/load-dataset.ts';
import { outputBudget, outputFamilies } from '../../generator/writer/output-bound.ts';
import { artefacts, historyArtefacts } from '../../generator/outputs.ts';
import { routes } from '../../generator/routes/index.ts';
import { readDataset } from '../../generator/dataset/read-dataset.ts';
import { tables } from '../../generator/dataset/tables.ts';
import { cardRow } from '../../schemas/dataset.ts';
import { runCli } from '../helpers/cli.ts';
import { copyFixture, editLine, writeAtLimits } from '../helpers/hostile-dataset.ts';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-hostile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const build = (dataset: string, out: string) => runCli(['build', '--dataset', dataset, '--out', out, '--base-url', 'https://x.test']);

/** Bytes of the tree's files (following the `out` link), without the precompressed siblings. */
function treeBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && !/\.(br|gz)$/.test(entry.name) && entry.name !== '.inputs')
      bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

describe('bounded input', () => {
  it('refuses a 10 MB cell in a name and in a note quickly, with located problems, writing nothing', async () => {
    const dataset = copyFixture(join(work, 'huge'));
    editLine(dataset, 'cards.csv', 3, (line) => line.replace('American Express Gold Card', 'G'.repeat(10 * 1024 * 1024)));
    editLine(dataset, 'card_benefits.csv', 2, (line) => line.replace(',month,,', `,month,${'n'.repeat(10 * 1024 * 1024)},`));
    const out = join(work, 'huge-out');
    const started = performance.now();
    const built = await build(dataset, out);
    const seconds = (performance.now() - started) / 1000;
    expect(built.code).toBe(1);
    expect(seconds).toBeLessThan(20);
    expect(built.stderr.split('\n').slice(0, 2)).toEqual([
      `${dataset}/card_benefits.csv:2:6: note: 10,485,760 characters, expected at most 1,000 (docs/input-limits.md)`,
      `${dataset}/cards.csv:3:2: name: 10,485,760 characters, expected at most 120 (docs/input-limits.md)`,
    ]);
    // The cell is never echoed: the whole report is a few lines.
    expect(built.stderr.length).toBeLessThan(2000);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.builds`)).toBe(false);
    // validate says the same, as JSON lines.
    const validated = await runCli(['validate', '--dataset', dataset, '--json']);
    expect(validated.code).toBe(1);
    expect(
      validated.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).code),
    ).toEqual(['too_long', 'too_long']);
  });

  it('refuses a Latin-1 byte and a NUL byte where they are, in validate and build alike', async () => {
    const dataset = copyFixture(join(work, 'bytes'));
    const file = join(dataset, 'issuers.csv');
    const lines = readFileSync(file).toString('latin1').split('\n');
    lines[1] = (lines[1] ?? '').replace('American Express', 'Am\u00e9rican Express'); // one byte 0xE9: Latin-1, not UTF-8
    lines[2] = (lines[2] ?? '').replace('Chase', 'Ch\u0000ase');
    writeFileSync(file, Buffer.from(lines.join('\n'), 'latin1'));
    const validated = await runCli(['validate', '--dataset', dataset]);
    const built = await build(dataset, join(work, 'bytes-out'));
    for (const result of [validated, built]) {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `${dataset}/issuers.csv:2:2: name: a byte that is not UTF-8 (read as U+FFFD) at character 3 of the field`,
      );
      expect(result.stderr).toContain(`${dataset}/issuers.csv:3:2: name: control character U+0000 at character 3 of the field`);
    }
    expect(built.stderr.split('\n').slice(0, -2)).toEqual(validated.stderr.split('\n').slice(0, -2));
  });
});

describe('errors a person can find', () => {
  it('puts a missing column first and names it again in the last line, without a cascade of references', async () => {
    const dataset = copyFixture(join(work, 'column'));
    const file = join(dataset, 'cards.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    // Drop the issuer column (the third) from every row.
    writeFileSync(
      file,
      lines
        .map((line) =>
          line
            .split(',')
            .filter((_, index) => index !== 2)
            .join(','),
        )
        .join('\n'),
    );
    const result = await runCli(['validate', '--dataset', dataset]);
    const output = result.stderr.trimEnd().split('\n');
    expect(result.code).toBe(1);
    // Every column the table knows, optional ones (requires) included, in the schema's order.
    const header = Object.keys(cardRow.properties).join(',');
    expect(output[0]).toBe(`${dataset}/cards.csv:1:17: missing column "issuer", expected the header ${header}`);
    expect(output.length).toBeLessThan(5);
    expect(output.at(-1)).toBe(
      `1 problem in 1 file of the dataset (1 missing_column); start with ${dataset}/cards.csv:1:17; nothing written`,
    );
  });

  it('reports a quote that never closes at the line where it opened', async () => {
    const dataset = copyFixture(join(work, 'quote'));
    editLine(dataset, 'mcc.csv', 3, (line) => line.replace(',', ',"'));
    const result = await runCli(['validate', '--dataset', dataset]);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')[0]).toMatch(
      new RegExp(`^${dataset}/mcc\\.csv:3:2: CSV syntax: the quote that opens this field is never closed`),
    );
  });
});

describe('the output bound', () => {
  it('builds the fixture with every text cell at its limit within the bound docs/input-limits.md states', async () => {
    const dataset = writeAtLimits(join(work, 'limits'));
    const out = join(work, 'limits-out');
    const result = await build(dataset, out);
    expect(result.code, result.stderr).toBe(0);
    const { dataset: rows } = loadDataset(readDataset(dataset), dataset);
    const bound = outputBudget(rows, tables, outputFamilies(routes, artefacts, historyArtefacts)).total;
    expect(treeBytes(out)).toBeLessThanOrEqual(bound);
  });
});
