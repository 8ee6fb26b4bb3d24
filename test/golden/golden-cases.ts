/**
 * The golden answers (test/golden/cases.csv): the expected top 3 cards per query and valuation,
 * each with the facts and sources behind it. The real-dataset test runs them against the built
 * tree, and docs/golden-answers.md publishes them as the engine's specification.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

/** One golden case: a query, a valuation, the expected top 3 in order, and why. */
export interface GoldenCase {
  readonly id: string;
  readonly query: { readonly kind: 'mcc' | 'merchant'; readonly key: string };
  readonly queryText: string;
  readonly valuation: 'standalone' | 'pooled';
  readonly expected: readonly string[];
  readonly reason: string;
}

/** Reads and checks the cases file; a malformed row throws, naming it. */
export function readGoldenCases(dir: string): GoldenCase[] {
  const rows = parse(readFileSync(join(dir, 'cases.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((row, index) => {
    const match = /^(mcc|merchant)=([a-z0-9-]+)/.exec(row['query'] ?? '');
    const valuation = row['valuation'];
    const expected = (row['expected'] ?? '').split(' > ');
    if (!match || (valuation !== 'standalone' && valuation !== 'pooled') || expected.length !== 3 || !row['id'] || !row['reason']) {
      throw new Error(
        `test/golden/cases.csv line ${index + 2}: expected id, query (mcc=CODE or merchant=SLUG), valuation, 3 slugs joined by " > ", reason`,
      );
    }
    return {
      id: row['id'],
      query: { kind: match[1] as 'mcc' | 'merchant', key: match[2]! },
      queryText: row['query']!,
      valuation,
      expected,
      reason: row['reason'],
    };
  });
}

/** The best-card file that answers a case. */
export function answerPath(goldenCase: GoldenCase): string {
  return `keyed/api/compute/best-card/${goldenCase.valuation}/${goldenCase.query.kind}/${goldenCase.query.key}.json`;
}

/** null when the built tree agrees; otherwise a message naming the case, the expected and the actual answer. */
export function disagreement(goldenCase: GoldenCase, files: ReadonlyMap<string, Buffer>): string | null {
  const bytes = files.get(answerPath(goldenCase));
  if (!bytes) return `${goldenCase.id}: no answer at ${answerPath(goldenCase)}; expected ${goldenCase.expected.join(' > ')}`;
  const cards = bestCardList(files, answerPath(goldenCase)).slice(0, 3);
  const actual = cards.map((card) => card.slug);
  if (actual.join(' > ') === goldenCase.expected.join(' > ')) return null;
  const shown = cards.map((card) => `${card.slug} (${card.value_cents})`).join(' > ');
  return `${goldenCase.id}: expected ${goldenCase.expected.join(' > ')}, the engine answered ${shown}. Why expected: ${goldenCase.reason}`;
}

type RankedEntry = { slug: string; value_cents: number };

/**
 * The ranked list of a best-card answer, as a client reads it: its own `best_cards`, or for a merchant
 * whose list is its MCC's, the list of the answer `best_cards_from` names (the MCC file of the same valuation).
 */
export function bestCardList(files: ReadonlyMap<string, Buffer>, path: string): RankedEntry[] {
  const read = (key: string) => {
    const bytes = files.get(key);
    if (!bytes) throw new Error(`no file ${key}`);
    return JSON.parse(bytes.toString('utf8')) as {
      best_cards?: RankedEntry[];
      best_cards_from: { mcc_code: string } | null;
      query: { valuation: string };
    };
  };
  const answer = read(path);
  if (answer.best_cards_from === null) return answer.best_cards ?? [];
  const list = read(`keyed/api/compute/best-card/${answer.query.valuation}/mcc/${answer.best_cards_from.mcc_code}.json`);
  return list.best_cards ?? [];
}

/** docs/golden-answers.md: the cases as a readable specification. */
export function renderGoldenDoc(cases: readonly GoldenCase[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = [
    '# Golden answers: the ranking engine, specified by example',
    '',
    '<!-- Generated from test/golden/cases.csv by test/dataset-invariants.test.ts (UPDATE_GOLDEN=1); edit the CSV, not this file. -->',
    '',
    `${cases.length} cases. Each names a query (an MCC, or a merchant and its MCC), a valuation (docs/ranking.md), the top 3 cards`,
    "the engine must answer in that order, and the facts behind them: each card's rate with the page it was read from, the value",
    'per point with its source, and the product in US cents per dollar. The test suite builds the real dataset once and checks every',
    'case against `/api/compute/best-card`; a disagreement names the case, the expected and the given answer.',
    '',
    'The answers were worked from the dataset rows with a separate worksheet (not the engine: its own reading of categories, dates,',
    'caps and valuations) and the reasons checked by hand. When a fact changes (a rate, a program valuation, a new card), the answers',
    'change with it: re-work the affected cases and update `test/golden/cases.csv` in the same commit as the data.',
    '',
    '| case | query | valuation | expected top 3 | why |',
    '| --- | --- | --- | --- | --- |',
    ...cases.map((c) => `| ${c.id} | ${cell(c.queryText)} | ${c.valuation} | ${c.expected.join(' > ')} | ${cell(c.reason)} |`),
    '',
  ];
  return lines.join('\n');
}
