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
  /** The subject, and the segment asked for (`&segment=personal` in the query column), null for every card. */
  readonly query: { readonly kind: 'mcc' | 'merchant'; readonly key: string; readonly segment: 'personal' | 'business' | null };
  readonly queryText: string;
  readonly valuation: 'standalone' | 'pooled';
  readonly expected: readonly string[];
  readonly reason: string;
  /** Further facts the answer must hold (column `checks`, `;`-separated; see CHECK_FORMS). */
  readonly checks: readonly string[];
}

/**
 * The checks a case may add to its top 3 (design.md §6, "Answers at the till"):
 * - `inline`: the answer itself lists at least 10 cards (a link may follow, never replace them);
 * - `acceptance=NETWORKS`: the answer is limited to these networks, joined by `+` (`visa`, `mastercard+visa`);
 * - `condition=CARD:KIND`: CARD is in the answer's list with a condition of KIND (`rotation_unknown`);
 * - `stack-portal=BASIS`: the merchant's triple-stack (same valuation) names its portal part BASIS
 *   (`current`, `historical`, `unknown`), and a historical or unknown part adds nothing to its total;
 * - `stack-up-to`: the stack's portal rate was written "up to": its total counts the portal at 0 (its
 *   floor is unknown) and `total_cents_up_to` adds the ceiling.
 */
const CHECK_FORMS = /^(inline|acceptance=[a-z+]+|condition=[a-z0-9-]+:[a-z_]+|stack-portal=(current|historical|unknown)|stack-up-to)$/;

/** Reads and checks the cases file; a malformed row throws, naming it. */
export function readGoldenCases(dir: string): GoldenCase[] {
  const rows = parse(readFileSync(join(dir, 'cases.csv'), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Record<string, string>[];
  return rows.map((row, index) => {
    const match = /^(mcc|merchant)=([a-z0-9-]+)(?:&segment=(personal|business))?(?: |$)/.exec(row['query'] ?? '');
    const valuation = row['valuation'];
    const expected = (row['expected'] ?? '').split(' > ');
    const checks = (row['checks'] ?? '').split(';').filter((check) => check !== '');
    const bad = checks.find((check) => !CHECK_FORMS.test(check));
    if (!match || (valuation !== 'standalone' && valuation !== 'pooled') || expected.length !== 3 || !row['id'] || !row['reason'] || bad) {
      throw new Error(
        `test/golden/cases.csv line ${index + 2}: expected id, query (mcc=CODE or merchant=SLUG, then &segment=personal|business if limited), valuation, 3 slugs joined by " > ", reason, ` +
          `checks (optional, ;-separated: inline, acceptance=NETWORKS, condition=CARD:KIND, stack-portal=BASIS, stack-up-to)${bad ? `; got check "${bad}"` : ''}`,
      );
    }
    return {
      id: row['id'],
      query: { kind: match[1] as 'mcc' | 'merchant', key: match[2]!, segment: (match[3] as 'personal' | 'business' | undefined) ?? null },
      queryText: row['query']!,
      valuation,
      expected,
      reason: row['reason'],
      checks,
    };
  });
}

/** The best-card file that answers a case. */
export function answerPath(goldenCase: GoldenCase): string {
  const { kind, key, segment } = goldenCase.query;
  return `keyed/api/compute/best-card/${goldenCase.valuation}/${segment === null ? '' : `${segment}/`}${kind}/${key}.json`;
}

/** null when the built tree agrees; otherwise a message naming the case, the expected and the actual answer. */
export function disagreement(goldenCase: GoldenCase, files: ReadonlyMap<string, Buffer>): string | null {
  const bytes = files.get(answerPath(goldenCase));
  if (!bytes) return `${goldenCase.id}: no answer at ${answerPath(goldenCase)}; expected ${goldenCase.expected.join(' > ')}`;
  const cards = bestCardList(files, answerPath(goldenCase)).slice(0, 3);
  const actual = cards.map((card) => card.slug);
  if (actual.join(' > ') !== goldenCase.expected.join(' > ')) {
    const shown = cards.map((card) => `${card.slug} (${card.value_cents})`).join(' > ');
    return `${goldenCase.id}: expected ${goldenCase.expected.join(' > ')}, the engine answered ${shown}. Why expected: ${goldenCase.reason}`;
  }
  for (const check of goldenCase.checks) {
    const failed = failedCheck(goldenCase, files, check);
    if (failed !== null) return `${goldenCase.id}: ${check}: ${failed}. Why expected: ${goldenCase.reason}`;
  }
  return null;
}

type RankedEntry = { slug: string; value_cents: number; conditions?: { kind: string }[] };

interface AnswerAtTheTill {
  best_cards: (RankedEntry & { slug: string })[];
  acceptance: { networks: string[] } | null;
}

/** Why one check of a case fails on the built tree, or null when it holds. */
function failedCheck(goldenCase: GoldenCase, files: ReadonlyMap<string, Buffer>, check: string): string | null {
  const read = <T>(key: string): T | null => {
    const bytes = files.get(key);
    return bytes === undefined ? null : (JSON.parse(bytes.toString('utf8')) as T);
  };
  const answer = read<AnswerAtTheTill>(answerPath(goldenCase));
  if (answer === null) return `no answer at ${answerPath(goldenCase)}`;
  const [name, value = ''] = check.split('=');
  if (name === 'inline') return answer.best_cards.length >= 10 ? null : `the answer lists ${answer.best_cards.length} cards inline, not 10`;
  if (name === 'acceptance') {
    const networks = answer.acceptance?.networks.join('+') ?? 'none';
    if (networks !== value) return `the answer is limited to ${networks}`;
    return null;
  }
  if (name === 'condition') {
    const [card, kind] = value.split(':');
    const entry = answer.best_cards.find((c) => c.slug === card);
    if (entry === undefined) return `${card} is not in the answer's list`;
    return entry.conditions?.some((c) => c.kind === kind) ? null : `${card} has no ${kind} condition`;
  }
  const stack = read<{
    basis: { portal: string };
    portal_cents: number;
    portal_cents_up_to: number;
    portal: { up_to: boolean; value_percent: number | null } | null;
    card_cents: number;
    offer_cents: number;
    total_cents: number;
    total_cents_up_to: number;
  }>(`keyed/api/compute/triple-stack/${goldenCase.valuation}/${goldenCase.query.key}.json`);
  if (stack === null) return `no triple-stack for ${goldenCase.query.key}`;
  if (name === 'stack-up-to') {
    if (stack.portal?.up_to !== true) return 'the stack\'s portal rate is not an "up to" rate';
    if (stack.portal_cents !== 0 || stack.total_cents !== round(stack.card_cents + stack.offer_cents))
      return `the "up to" rate was added into total_cents (${stack.total_cents})`;
    if (
      stack.total_cents_up_to !== round(stack.total_cents + stack.portal_cents_up_to) ||
      stack.portal_cents_up_to !== stack.portal.value_percent
    )
      return `total_cents_up_to (${stack.total_cents_up_to}) is not the sure total plus the portal's ceiling`;
    return null;
  }
  if (stack.basis.portal !== value) return `the stack's portal part is ${stack.basis.portal}`;
  if (value !== 'current' && (stack.portal_cents !== 0 || stack.portal !== null)) return `a ${value} portal rate was added into the total`;
  return null;
}

/** Rounds a sum of cents as the generator does (4 decimals). */
function round(cents: number): number {
  return Math.round(cents * 10_000) / 10_000;
}

/**
 * The ranked list of a best-card answer, as a client reads it: its own `best_cards`, or for a merchant
 * whose list is its MCC's, the list of the answer `best_cards_from` names (the MCC file of the same valuation and segment).
 */
export function bestCardList(files: ReadonlyMap<string, Buffer>, path: string): RankedEntry[] {
  const read = (key: string) => {
    const bytes = files.get(key);
    if (!bytes) throw new Error(`no file ${key}`);
    return JSON.parse(bytes.toString('utf8')) as {
      best_cards?: RankedEntry[];
      best_cards_from: { mcc_code: string } | null;
      query: { valuation: string; segment: string | null };
    };
  };
  const answer = read(path);
  if (answer.best_cards_from === null) return answer.best_cards ?? [];
  const { valuation, segment } = answer.query;
  const list = read(
    `keyed/api/compute/best-card/${valuation}/${segment === null ? '' : `${segment}/`}mcc/${answer.best_cards_from.mcc_code}.json`,
  );
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
    'Some cases also check what an answer at the till must hold (`checks`): `inline` (the answer lists at least 10 cards itself),',
    '`acceptance=NETWORKS` (a merchant that takes only these networks: no card on another is listed), `condition=CARD:KIND` (CARD',
    "carries that condition, e.g. `rotation_unknown` when its quarter's categories are not in the dataset), `stack-portal=BASIS`",
    "(the merchant's triple-stack names its portal part current, historical or unknown, and only a current rate is in its total) and",
    '`stack-up-to` (the stack\'s portal rate was written "up to": `total_cents` counts it at 0, `total_cents_up_to` at its ceiling).',
    '',
    '| case | query | valuation | expected top 3 | checks | why |',
    '| --- | --- | --- | --- | --- | --- |',
    ...cases.map(
      (c) =>
        `| ${c.id} | ${cell(c.queryText)} | ${c.valuation} | ${c.expected.join(' > ')} | ${cell(c.checks.join('; '))} | ${cell(c.reason)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
