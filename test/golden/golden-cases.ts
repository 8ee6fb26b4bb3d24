/**
 * The golden answers (test/golden/cases.csv): the expected top 3 cards per query and valuation,
 * each with the facts and sources behind it. The real-dataset test runs them against the built
 * tree, and docs/golden-answers.md publishes them as the engine's specification.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { chooseFromWallet, refusedFromWallet, type WalletTable, type WalletTableEntry } from '../../schemas/choose-from-wallet.ts';

type QueryKind = 'mcc' | 'merchant' | 'domain';

/** One golden case: a query, a valuation, the expected top 3 in order, and why. */
export interface GoldenCase {
  readonly id: string;
  /**
   * The subject (an MCC or a merchant, answered by best-card in store; a web site's domain, answered online by the
   * extension's recommendation), and the segment asked for (`&segment=personal` in the query column), null for every card.
   */
  readonly query: { readonly kind: QueryKind; readonly key: string; readonly segment: 'personal' | 'business' | null };
  readonly queryText: string;
  readonly valuation: 'standalone' | 'pooled';
  readonly expected: readonly string[];
  readonly reason: string;
  /** Further facts the answer must hold (column `checks`, `;`-separated; see CHECK_FORMS). */
  readonly checks: readonly string[];
}

/**
 * The checks a case may add to its top 3 (design.md §6, "Answers at the till"; issue 39 for a wallet and online):
 * - `inline`: the answer itself lists at least 10 cards (a link may follow, never replace them);
 * - `acceptance=NETWORKS`: the answer is limited to these networks, joined by `+` (`visa`, `mastercard+visa`);
 * - `condition=CARD:KIND`: CARD is in the answer's list with a condition of KIND (`rotation_unknown`);
 * - `stack-portal=BASIS`: the merchant's triple-stack (same valuation) names its portal part BASIS
 *   (`current`, `historical`, `unknown`), and a historical or unknown part adds nothing to its total;
 * - `stack-up-to`: the stack's portal rate was written "up to": its total counts the portal at 0 (its
 *   floor is unknown) and `total_cents_up_to` adds the ceiling;
 * - `wallet=CARDS:ranked=CARDS:refused=CARDS`: a person holding the first cards (joined by `+`) asks "which of my
 *   cards here?": the shared wallet chooser (schemas/choose-from-wallet.ts, as the site's My cards, the widget and MCP's
 *   best_of_my_cards) over the answer's `earn_table`, on its channel and under the case's valuation, ranks the `ranked`
 *   cards in that order (joined by `>`) and names the `refused` ones (joined by `+`, in any order): each on a network the answer's
 *   acceptance does not take;
 * - `online=CARD:CATEGORY`: an online answer (a domain) lists CARD earning under CATEGORY at its value in the earn table's
 *   online fields, and only online: in the same table CARD's in-store rule is another one (or its base rate), and the
 *   merchant's in-store best-card answer (same valuation and segment) does not list it under CATEGORY.
 */
const CHECK_FORMS =
  /^(inline|acceptance=[a-z+]+|condition=[a-z0-9-]+:[a-z_]+|stack-portal=(current|historical|unknown)|stack-up-to|wallet=[a-z0-9+-]+:ranked=[a-z0-9>-]*:refused=[a-z0-9+-]*|online=[a-z0-9-]+:[a-z0-9-]+)$/;

/** Reads and checks the cases file; a malformed row throws, naming it. */
export function readGoldenCases(dir: string): GoldenCase[] {
  const rows = parse(readFileSync(join(dir, 'cases.csv'), 'utf8'), {
    columns: true,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Record<string, string>[];
  return rows.map((row, index) => {
    const match = /^(mcc|merchant|domain)=([a-z0-9.-]+)(?:&segment=(personal|business))?(?: |$)/.exec(row['query'] ?? '');
    const valuation = row['valuation'];
    const expected = (row['expected'] ?? '').split(' > ');
    const checks = (row['checks'] ?? '').split(';').filter((check) => check !== '');
    const bad = checks.find((check) => !CHECK_FORMS.test(check));
    // The recommendation ranks by standalone value only (its entries' values.ranked_by), so a domain has no pooled case.
    const valuations = match?.[1] === 'domain' ? ['standalone'] : ['standalone', 'pooled'];
    if (!match || !valuations.includes(valuation ?? '') || expected.length !== 3 || !row['id'] || !row['reason'] || bad) {
      throw new Error(
        `test/golden/cases.csv line ${index + 2}: expected id, query (mcc=CODE, merchant=SLUG or domain=DOMAIN, then &segment=personal|business if limited), ` +
          'valuation (standalone or pooled; a domain standalone only), 3 slugs joined by " > ", reason, checks (optional, ;-separated: inline, ' +
          'acceptance=NETWORKS, condition=CARD:KIND, stack-portal=BASIS, stack-up-to, wallet=CARDS:ranked=CARDS:refused=CARDS, online=CARD:CATEGORY)' +
          `${bad ? `; got check "${bad}"` : ''}`,
      );
    }
    return {
      id: row['id'],
      query: { kind: match[1] as QueryKind, key: match[2]!, segment: (match[3] as 'personal' | 'business' | undefined) ?? null },
      queryText: row['query']!,
      valuation: valuation as GoldenCase['valuation'],
      expected,
      reason: row['reason'],
      checks,
    };
  });
}

/** The file that answers a case: best-card's for an MCC or a merchant, the extension's recommendation for a domain. */
export function answerPath(goldenCase: GoldenCase): string {
  const { kind, key, segment } = goldenCase.query;
  const folder = segment === null ? '' : `${segment}/`;
  if (kind === 'domain') return `keyed/api/extension/recommend/${folder}${key}.json`;
  return `keyed/api/compute/best-card/${goldenCase.valuation}/${folder}${kind}/${key}.json`;
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

type RankedEntry = { slug: string; value_cents: number; conditions?: { kind: string }[]; rule?: { category: string } | null };

/** What the checks read of an answer (best-card's or the recommendation's). */
interface AnswerAtTheTill {
  best_cards: RankedEntry[];
  acceptance: { networks: string[] } | null;
  /** null for an MCC (a purchase in store). */
  channel: 'in_store' | 'online' | null;
  /** The public earn table the answer was ranked from (`/api/earn-table/…`). */
  earn_table: string;
  /** The merchant's slug in a recommendation; its name and slug in best-card's; null for an MCC. */
  merchant: string | { slug: string } | null;
}

/** Why one check of a case fails on the built tree, or null when it holds. */
function failedCheck(goldenCase: GoldenCase, files: ReadonlyMap<string, Buffer>, check: string): string | null {
  const read = <T>(key: string): T | null => {
    const bytes = files.get(key);
    return bytes === undefined ? null : (JSON.parse(bytes.toString('utf8')) as T);
  };
  const answer = read<AnswerAtTheTill>(answerPath(goldenCase));
  if (answer === null) return `no answer at ${answerPath(goldenCase)}`;
  // The name is up to the first '=' (a wallet check has more of them).
  const [name, value = ''] = check.includes('=') ? [check.slice(0, check.indexOf('=')), check.slice(check.indexOf('=') + 1)] : [check];
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
  if (name === 'wallet') return failedWallet(goldenCase, answer, read, value);
  if (name === 'online') return failedOnline(goldenCase, answer, files, read, value);
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

/** Why a `wallet=…:ranked=…:refused=…` check fails, or null: the wallet chooser's answer over the answer's earn table. */
function failedWallet(goldenCase: GoldenCase, answer: AnswerAtTheTill, read: <T>(key: string) => T | null, value: string): string | null {
  const [held = '', ranked = '', refused = ''] = value.split(':').map((part) => part.replace(/^[a-z]+=/, ''));
  const table = read<WalletTable<WalletTableEntry>>(`public${answer.earn_table}`);
  if (table === null) return `no earn table at ${answer.earn_table}`;
  const wallet = held.split('+');
  const channel = answer.channel ?? 'in_store';
  const choices = chooseFromWallet(table, wallet, { valuation: goldenCase.valuation, channel });
  const gotRanked = choices.map((choice) => `${choice.slug} (${choice.value_cents})`).join(' > ');
  if (choices.map((choice) => choice.slug).join('>') !== ranked) return `the wallet ranks ${gotRanked || 'no card'}, not ${ranked}`;
  const gotRefused = refusedFromWallet(table, wallet, channel);
  // The wallet names refused cards in the table's order; the check lists them in any order.
  if (
    gotRefused
      .map((entry) => entry.slug)
      .sort()
      .join('+') !== refused.split('+').filter(Boolean).sort().join('+')
  )
    return `the wallet names ${gotRefused.map((entry) => `${entry.slug} (${entry.network})`).join(', ') || 'no card'} as refused, not ${refused}`;
  const taken = answer.acceptance?.networks;
  const wronglyRefused = gotRefused.find((entry) => taken === undefined || taken.includes(entry.network));
  if (wronglyRefused !== undefined) return `${wronglyRefused.slug} is refused, yet the answer's acceptance takes ${wronglyRefused.network}`;
  return null;
}

/** Why an `online=CARD:CATEGORY` check fails, or null: the online answer ranks CARD under CATEGORY, the in-store one does not. */
function failedOnline(
  goldenCase: GoldenCase,
  answer: AnswerAtTheTill,
  files: ReadonlyMap<string, Buffer>,
  read: <T>(key: string) => T | null,
  value: string,
): string | null {
  const [card, category] = value.split(':');
  if (answer.channel !== 'online') return `the answer is on channel ${answer.channel ?? 'in_store'}, not online`;
  const listed = answer.best_cards.find((entry) => entry.slug === card);
  if (listed === undefined) return `${card} is not in the answer's list`;
  if (listed.rule?.category !== category) return `${card} is listed under ${listed.rule?.category ?? 'its base rate'}, not ${category}`;
  const table = read<WalletTable<WalletTableEntry>>(`public${answer.earn_table}`);
  const entry = table?.earnings.find((e) => e.slug === card);
  if (entry === undefined) return `${card} is not in the earn table ${answer.earn_table}`;
  const ruleCategory = (rule: unknown) => (rule as { category: string } | null)?.category ?? null;
  const online = entry.online ?? entry;
  if (ruleCategory(online.rule) !== category || online.values[`${goldenCase.valuation}_cents`] !== listed.value_cents)
    return `the earn table's online fields give ${card} ${ruleCategory(online.rule)} at ${online.values[`${goldenCase.valuation}_cents`]}, the answer ${listed.value_cents}`;
  if (ruleCategory(entry.rule) === category) return `the earn table gives ${card} ${category} in store too`;
  const merchant = typeof answer.merchant === 'string' ? answer.merchant : answer.merchant?.slug;
  if (merchant === undefined) return 'the answer names no merchant';
  const folder = goldenCase.query.segment === null ? '' : `${goldenCase.query.segment}/`;
  const inStore = bestCardList(files, `keyed/api/compute/best-card/${goldenCase.valuation}/${folder}merchant/${merchant}.json`);
  const atTheTill = inStore.find((e) => e.slug === card);
  if (atTheTill?.rule?.category === category) return `the in-store answer at ${merchant} lists ${card} under ${category} too`;
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
      best_cards_from?: { mcc_code: string } | null;
      query: { valuation: string; segment: string | null };
    };
  };
  const answer = read(path);
  // A recommendation (a domain's answer) has no best_cards_from: it always carries its list.
  if ((answer.best_cards_from ?? null) === null) return answer.best_cards ?? [];
  const { valuation, segment } = answer.query;
  const list = read(
    `keyed/api/compute/best-card/${valuation}/${segment === null ? '' : `${segment}/`}mcc/${answer.best_cards_from?.mcc_code}.json`,
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
    `${cases.length} cases. Each names a query (an MCC, a merchant and its MCC, or a web site's domain), a valuation (docs/ranking.md),`,
    "the top 3 cards the engine must answer in that order, and the facts behind them: each card's rate with the page it was read from,",
    'the value per point with its source, and the product in US cents per dollar. The test suite builds the real dataset once and',
    'checks every case against `/api/compute/best-card` (a purchase in store), or for a domain `/api/extension/recommend` (online; it',
    'ranks by standalone value only, so a domain has no pooled case); a disagreement names the case, the expected and the given answer.',
    '',
    'The answers were worked from the dataset rows with a separate worksheet (not the engine: its own reading of categories, dates,',
    'caps and valuations) and the reasons checked by hand. When a fact changes (a rate, a program valuation, a new card), the answers',
    'change with it: re-work the affected cases and update `test/golden/cases.csv` in the same commit as the data.',
    '',
    'Some cases also check what an answer must hold beyond its top 3 (`checks`): `inline` (the answer lists at least 10 cards itself),',
    '`acceptance=NETWORKS` (a merchant that takes only these networks: no card on another is listed), `condition=CARD:KIND` (CARD',
    "carries that condition, e.g. `rotation_unknown` when its quarter's categories are not in the dataset), `stack-portal=BASIS`",
    "(the merchant's triple-stack names its portal part current, historical or unknown, and only a current rate is in its total),",
    '`stack-up-to` (the stack\'s portal rate was written "up to": `total_cents` counts it at 0, `total_cents_up_to` at its ceiling),',
    '`wallet=CARDS:ranked=CARDS:refused=CARDS` (a person holding the first cards asks "which of my cards here?": the wallet chooser',
    "that My cards, the widget and MCP share ranks the `ranked` ones over the answer's earn table in that order and names the `refused`",
    'ones, each on a network the place does not take) and `online=CARD:CATEGORY` (an online answer ranks CARD under CATEGORY at its',
    "earn table's online value, and the place's in-store table and best-card answer do not: an online-only rate never applies at the till).",
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
