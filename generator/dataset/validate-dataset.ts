/**
 * Checks that span rows and tables: unique keys, references that resolve, and the rules a
 * single row's schema cannot state (a cap needs a period, a date range runs forwards, …).
 */
import type { Dataset, Located, RejectedRows } from './load-dataset.ts';
import type { Problem } from '../dataset-problems.ts';
import { tables, type TableDefinition, type TableName } from './tables.ts';
import { checkAllPurchases } from './validate-all-purchases.ts';
import { type Add, checkCardValuations } from './validate-card-valuations.ts';
import { checkVerifications } from './validate-verifications.ts';

/** All cross-row problems of a loaded dataset; `displayDir` prefixes file names. */
export function validateDataset(
  dataset: Dataset,
  displayDir: string,
  rejected: RejectedRows = new Map(),
  unreadable: ReadonlySet<TableName> = new Set(),
): Problem[] {
  const problems: Problem[] = [];
  const fileOf = (table: TableDefinition) => (displayDir ? `${displayDir}/${table.file}` : table.file);
  const rowsOf = (table: TableDefinition) => dataset[table.name] as readonly Located<Record<string, unknown>>[];

  for (const table of tables) {
    const file = fileOf(table);
    const header = Object.keys(table.schema.properties);
    const columnOf = (name: string) => header.indexOf(name) + 1;
    checkKeys(table, rowsOf(table), file, columnOf, problems);
    for (const reference of table.references ?? []) {
      const target = tables.find((t) => t.name === reference.table);
      if (!target) throw new Error(`table ${table.name} references unknown table ${reference.table}`);
      // A table whose file is missing or broken has one problem, the cause: every reference into it is not another.
      if (unreadable.has(target.name)) continue;
      // Rows rejected by their schema were reported already; references to them are not new problems.
      const known = new Set([
        ...rowsOf(target).map(({ row }) => row[reference.key]),
        ...(rejected.get(target.name) ?? []).map((row) => row[reference.key]),
      ]);
      for (const { row, line } of rowsOf(table)) {
        // A list column (`;`-separated) references with each of its items.
        const cell = row[reference.column];
        for (const value of Array.isArray(cell) ? cell : [cell]) {
          if (value === null || value === undefined || known.has(value)) continue;
          problems.push({
            code: 'unknown_reference',
            file,
            line,
            column: columnOf(reference.column),
            message: `${reference.column}: unknown ${reference.column} ${JSON.stringify(value)}, expected a ${reference.key} from ${target.file}`,
          });
        }
      }
    }
  }
  problems.push(...checkRules(dataset, (name) => fileOf(tables.find((t) => t.name === name)!)));
  return problems;
}

function checkKeys(
  table: TableDefinition,
  rows: readonly Located<Record<string, unknown>>[],
  file: string,
  columnOf: (name: string) => number,
  problems: Problem[],
): void {
  const firstLine = new Map<string, number>();
  for (const { row, line } of rows) {
    const key = table.key.map((column) => String(row[column] ?? '')).join('\u0000');
    const seen = firstLine.get(key);
    if (seen === undefined) {
      firstLine.set(key, line);
      continue;
    }
    const shown = table.key.map((column) => `${column}=${JSON.stringify(row[column] ?? '')}`).join(', ');
    problems.push({
      code: 'duplicate_key',
      file,
      line,
      column: columnOf(table.key[0] ?? ''),
      message: `duplicate key (${shown}), first at line ${seen}; expected each key once`,
    });
  }
}

type FileOf = (table: TableDefinition['name']) => string;

/** The rules one row's schema cannot state, table by table (each adds its problems through `add`). */
const ROW_RULES: readonly ((dataset: Dataset, add: Add) => void)[] = [
  checkCardRewardRows,
  checkOfferRows,
  checkCardRows,
  checkProgramRows,
  checkPortalRateRows,
  checkSearchTermRows,
  checkTransferRows,
  checkMerchantRows,
  checkEasyCreditRows,
  checkCardValuations,
  checkAllPurchases,
  checkVerifications,
];

function checkRules(dataset: Dataset, fileOf: FileOf): Problem[] {
  const problems: Problem[] = [];
  const add: Add = (table, line, column, message) => {
    const definition = tables.find((t) => t.name === table)!;
    const index = Object.keys(definition.schema.properties).indexOf(column) + 1;
    problems.push({ code: 'inconsistent', file: fileOf(table), line, column: index, message });
  };
  for (const rule of ROW_RULES) rule(dataset, add);
  if (!dataset.cards.some(({ row }) => row.status === 'active')) {
    problems.push({
      code: 'empty_table',
      file: fileOf('cards'),
      line: 0,
      column: 0,
      message: 'no active card; expected at least one to rank',
    });
  }
  return problems;
}

/** card_rewards.csv: a cap is whole, a date range runs forwards, a rotating rule has its dates. */
function checkCardRewardRows(dataset: Dataset, add: Add): void {
  for (const { row, line } of dataset.cardRewards) {
    const capped = [row.cap_usd, row.cap_period, row.rate_after_cap].filter((v) => v !== null).length;
    if (capped !== 0 && capped !== 3) {
      add(
        'cardRewards',
        line,
        row.cap_usd === null ? 'cap_usd' : row.cap_period === null ? 'cap_period' : 'rate_after_cap',
        'a cap needs all of cap_usd, cap_period and rate_after_cap; expected all three or none',
      );
    }
    if (row.valid_from && row.valid_to && row.valid_from > row.valid_to) {
      add('cardRewards', line, 'valid_to', `valid_to ${row.valid_to} is before valid_from ${row.valid_from}; expected a forward range`);
    }
    if (row.selection === 'rotating' && (!row.valid_from || !row.valid_to)) {
      add(
        'cardRewards',
        line,
        row.valid_from ? 'valid_to' : 'valid_from',
        'a rotating rule needs valid_from and valid_to; expected both dates',
      );
    }
  }
}

/** offers.csv: a date range runs forwards, and the offer's issuer is its card's. */
function checkOfferRows(dataset: Dataset, add: Add): void {
  for (const { row, line } of dataset.offers) {
    if (row.valid_from && row.valid_to && row.valid_from > row.valid_to) {
      add('offers', line, 'valid_to', `valid_to ${row.valid_to} is before valid_from ${row.valid_from}; expected a forward range`);
    }
  }
  const cardIssuer = new Map(dataset.cards.map(({ row }) => [row.slug, row.issuer]));
  for (const { row, line } of dataset.offers) {
    const issuer = row.card === null ? undefined : cardIssuer.get(row.card);
    if (issuer !== undefined && issuer !== row.issuer) {
      add('offers', line, 'issuer', `card ${row.card} is issued by ${issuer}; expected issuer ${issuer}, got ${row.issuer}`);
    }
  }
}

/** cards.csv: a sign-up bonus has its unit. */
function checkCardRows(dataset: Dataset, add: Add): void {
  for (const { row, line } of dataset.cards) {
    if ((row.signup_bonus === null) !== (row.signup_bonus_unit === null)) {
      add('cards', line, 'signup_bonus_unit', 'signup_bonus and signup_bonus_unit go together; expected both or neither');
    }
  }
}

/** programs.csv: cash back is worth a cent a point; an assumed value is left empty, every other is given. */
function checkProgramRows(dataset: Dataset, add: Add): void {
  for (const { row, line } of dataset.programs) {
    if (row.kind === 'cash_back' && row.cents_per_point !== 1) {
      add('programs', line, 'cents_per_point', `a cash_back program is worth 1 cent per point; expected 1, got ${row.cents_per_point}`);
    }
    // An assumed value is the ranking's floor, never a number in the table; a published or derived one always is.
    if ((row.valuation_basis === 'assumed') !== (row.cents_per_point === null)) {
      add(
        'programs',
        line,
        'cents_per_point',
        row.valuation_basis === 'assumed'
          ? 'an assumed valuation leaves cents_per_point empty'
          : `a ${row.valuation_basis} valuation needs cents_per_point`,
      );
    }
  }
}

/** portal_rates.csv: a typical rate has its window ending the day observed; a published one has none. */
function checkPortalRateRows(dataset: Dataset, add: Add): void {
  for (const { row, line } of dataset.portalRates) {
    const windowed = row.window_from !== null && row.window_to !== null;
    if (row.basis === 'typical' && (!windowed || row.window_to !== row.observed_on || row.window_from! > row.window_to!)) {
      add('portalRates', line, 'window_from', 'a typical rate needs window_from ≤ window_to, and window_to equal to observed_on');
    }
    if (row.basis === 'published' && (row.window_from !== null || row.window_to !== null || row.observations !== 1)) {
      add('portalRates', line, 'window_from', 'a published rate is one day as shown: no window, observations 1');
    }
  }
}

/** search_terms.csv: every word names something. */
function checkSearchTermRows(dataset: Dataset, add: Add): void {
  for (const { row, line } of dataset.searchTerms) {
    if (row.mccs.length === 0 && row.category === null && row.merchant === null)
      add('searchTerms', line, 'mccs', `term ${JSON.stringify(row.term)} names nothing; expected MCC codes, a category or a merchant`);
  }
}

/** transfer_partners.csv: no program transfers to itself. */
function checkTransferRows(dataset: Dataset, add: Add): void {
  for (const { row, line } of dataset.transferPartners) {
    if (row.from_program === row.to_program) add('transferPartners', line, 'to_program', 'a program cannot transfer to itself');
  }
}

/** merchants.csv: a domain belongs to one merchant, a popularity rank to one. */
function checkMerchantRows(dataset: Dataset, add: Add): void {
  const domainOwner = new Map<string, { slug: string; line: number }>();
  const rankOwner = new Map<number, { slug: string; line: number }>();
  for (const { row, line } of dataset.merchants) {
    for (const domain of row.domains) {
      const owner = domainOwner.get(domain);
      if (owner)
        add(
          'merchants',
          line,
          'domains',
          `domain ${domain} already belongs to ${owner.slug} (line ${owner.line}); expected unique domains`,
        );
      else domainOwner.set(domain, { slug: row.slug, line });
    }
    const rankHolder = rankOwner.get(row.popularity_rank);
    if (rankHolder)
      add(
        'merchants',
        line,
        'popularity_rank',
        `popularity_rank ${row.popularity_rank} already given to ${rankHolder.slug} (line ${rankHolder.line}); expected unique ranks`,
      );
    else rankOwner.set(row.popularity_rank, { slug: row.slug, line });
  }
}

/** easy_credits.csv: each names a credit of its card's benefits. */
function checkEasyCreditRows(dataset: Dataset, add: Add): void {
  const credits = new Set(dataset.cardBenefits.filter(({ row }) => row.kind === 'credit').map(({ row }) => `${row.card}\u0000${row.name}`));
  for (const { row, line } of dataset.easyCredits) {
    if (!credits.has(`${row.card}\u0000${row.credit}`))
      add(
        'easyCredits',
        line,
        'credit',
        `${row.card} has no credit named ${JSON.stringify(row.credit)} in card_benefits.csv; expected a credit's exact name`,
      );
  }
}
