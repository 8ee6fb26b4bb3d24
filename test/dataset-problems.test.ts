import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDataset } from '../generator/compile.ts';
import { formatProblem, summarizeProblems } from '../generator/dataset-problems.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { summarizeDataset } from '../generator/engine/summary.ts';
import { tables } from '../generator/dataset/tables.ts';
import { TEXT_LIMITS } from '../schemas/dataset/limits.ts';
import { FIXTURE, ROOT } from './helpers/cli.ts';

/** The fixture with some files replaced, as the loader sees them. */
function withFiles(changes: Record<string, string | undefined>) {
  const sources = new Map(readDataset(FIXTURE));
  for (const [file, text] of Object.entries(changes)) sources.set(file, text);
  return checkDataset(sources, 'data').problems.map(formatProblem);
}

const cardsHeader =
  'slug,name,issuer,network,segment,program,annual_fee,first_year_fee,foreign_tx_fee,base_rate,signup_bonus,signup_bonus_unit,signup_spend,signup_months,status,source_url,as_of';
const goodCard =
  'citi-double-cash,Citi Double Cash Card,citi,mastercard,personal,cash-back,0,,3,2,,,,,active,https://www.citi.com/,2026-11-01';

describe('dataset problems', () => {
  it('reports every problem of a corrupted file at once, as file:line:column with what was expected', () => {
    const cards = [
      cardsHeader,
      goodCard,
      'amex-gold,American Express Gold Card,amex,amex,personal,amex-membership-rewards,$325,,0,1,,,,,active,https://www.americanexpress.com/,2026-11-01',
      'bad slug,X,unknown-bank,visa,personal,cash-back,0,,0,1,,,,,active,https://x.test/,2026-02-30',
      'citi-double-cash,Citi Double Cash Card,citi,mastercard,personal,cash-back,0,,3,2,,,,,active,https://www.citi.com/,2026-11-01',
      'short,row',
      'amex-blue-cash-preferred,Blue Cash Preferred,amex,amex,personal,cash-back,95,0,2.7,1,250,usd,3000,6,shut,https://www.americanexpress.com/,2026-11-01',
    ].join('\n');
    const problems = withFiles({ 'cards.csv': cards });
    expect(problems).toEqual(
      expect.arrayContaining([
        'data/cards.csv:3:7: annual_fee: expected USD, 0 to 5000, got "$325"',
        'data/cards.csv:4:1: slug: expected a slug: lower-case a-z, 0-9 and single hyphens, got "bad slug"',
        'data/cards.csv:4:17: as_of: expected a date as YYYY-MM-DD, got "2026-02-30"',
        'data/cards.csv:5:1: duplicate key (slug="citi-double-cash"), first at line 2; expected each key once',
        'data/cards.csv:6:3: expected 17 fields (slug,name,issuer,network,segment,program,annual_fee,first_year_fee,foreign_tx_fee,base_rate,signup_bonus,signup_bonus_unit,signup_spend,signup_months,status,source_url,as_of), got 2',
        'data/cards.csv:7:15: status: expected one of active, discontinued, got "shut"',
      ]),
    );
    // Rows that reference a rejected card are not reported a second time.
    expect(problems.filter((p) => /"amex-(gold|blue-cash-preferred)"/.test(p))).toEqual([]);
    // Cards absent from this cards.csv are still unknown references.
    expect(problems).toContain('data/card_rewards.csv:8:1: card: unknown card "chase-freedom-flex", expected a slug from cards.csv');
  });

  it('reports unknown references with the column and the table they should come from', () => {
    const merchants =
      'slug,name,mcc,domains,popularity_rank,source,source_ref,as_of\namazon,Amazon,0000,amazon.com,1,curated,Q3884,2026-11-01\n';
    expect(withFiles({ 'merchants.csv': merchants })).toEqual(
      expect.arrayContaining(['data/merchants.csv:2:3: mcc: unknown mcc "0000", expected a code from mcc.csv']),
    );
  });

  it('checks the search vocabulary: term spelling, every MCC of its list, category and merchant references, a row that names nothing', () => {
    const terms = [
      'term,mccs,category,merchant,source_url,as_of',
      'gas station,5541,gas,,https://www.citi.com/,2026-11-28',
      'Gas Stations,5541,gas,,https://www.citi.com/,2026-11-28',
      'groceries,5411;9999,groceries,,https://www.citi.com/,2026-11-28',
      'dining,,eating,,https://www.citi.com/,2026-11-28',
      'costco gas,,,costco-gas,https://www.citi.com/,2026-11-28',
      'nothing,,,,https://www.citi.com/,2026-11-28',
      'gas station,5541,gas,,https://www.citi.com/,2026-11-28',
    ].join('\n');
    expect(withFiles({ 'search_terms.csv': terms }).sort()).toEqual(
      [
        'data/search_terms.csv:3:1: term: expected lower-case words of a-z and 0-9 with one space between them (e.g. gas station), got "Gas Stations"',
        'data/search_terms.csv:8:1: duplicate key (term="gas station"), first at line 2; expected each key once',
        'data/search_terms.csv:4:2: mccs: unknown mccs "9999", expected a code from mcc.csv',
        'data/search_terms.csv:5:3: category: unknown category "eating", expected a slug from categories.csv',
        'data/search_terms.csv:6:4: merchant: unknown merchant "costco-gas", expected a slug from merchants.csv',
        'data/search_terms.csv:7:2: term "nothing" names nothing; expected MCC codes, a category or a merchant',
      ].sort(),
    );
  });

  it('reports malformed and duplicate domains and ranks', () => {
    const merchants = [
      'slug,name,mcc,domains,popularity_rank,source,source_ref,as_of',
      'amazon,Amazon,5999,www.amazon.com;Amazon.com,1,curated,Q3884,2026-11-01',
      'costco,Costco,5300,costco.com,2,curated,Q715583,2026-11-01',
      'delta-air-lines,Delta Air Lines,3058,costco.com,2,mcc-list,3058,2026-11-01',
    ].join('\n');
    const problems = withFiles({ 'merchants.csv': merchants, 'category_merchant.csv': 'category,merchant,note\n' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'data/merchants.csv:2:4: domains: expected a lower-case domain without www. (e.g. example.com), got "www.amazon.com"',
        'data/merchants.csv:2:4: domains: expected a lower-case domain without www. (e.g. example.com), got "Amazon.com"',
        'data/merchants.csv:4:5: popularity_rank 2 already given to costco (line 3); expected unique ranks',
        'data/merchants.csv:4:4: domain costco.com already belongs to costco (line 3); expected unique domains',
      ]),
    );
  });

  it('reports missing and unknown columns, CSV syntax and missing required files', () => {
    const problems = withFiles({
      'issuers.csv': 'slug,name,homepage\namex,American Express,https://www.americanexpress.com/\n',
      'categories.csv': 'slug,name,description\ndining,"Dining,restaurants\n',
      'programs.csv': undefined,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'data/issuers.csv:1:3: unknown column "homepage", expected the header slug,name,website',
        'data/issuers.csv:1:4: missing column "website", expected the header slug,name,website',
        'data/programs.csv:0:0: missing required table programs.csv',
      ]),
    );
    // The unclosed quote opens the second field: column 2, not 0.
    expect(problems.some((p) => /^data\/categories\.csv:\d+:2: CSV syntax: /.test(p))).toBe(true);
  });

  it('reports rules a single row cannot state: a cap without its period, a backwards date range', () => {
    const header = 'card,category,rate,cap_usd,cap_period,rate_after_cap,channel,selection,valid_from,valid_to,note,source_url,as_of';
    const rules = [
      header,
      'amex-gold,dining,4,50000,,1,any,fixed,,,,https://www.americanexpress.com/,2026-11-01',
      'chase-freedom-flex,gas,5,1500,quarter,1,any,rotating,2026-12-31,2026-10-01,,https://www.chase.com/,2026-11-01',
      'chase-freedom-flex,dining,3,,,,any,rotating,,,,https://www.chase.com/,2026-11-01',
    ].join('\n');
    expect(withFiles({ 'card_rewards.csv': rules })).toEqual(
      expect.arrayContaining([
        'data/card_rewards.csv:2:5: a cap needs all of cap_usd, cap_period and rate_after_cap; expected all three or none',
        'data/card_rewards.csv:3:10: valid_to 2026-10-01 is before valid_from 2026-12-31; expected a forward range',
        'data/card_rewards.csv:4:9: a rotating rule needs valid_from and valid_to; expected both dates',
      ]),
    );
  });

  it('finds no problem in the fixture', () => {
    expect(withFiles({})).toEqual([]);
  });

  it('checks card valuations against the cards they name, and easy credits against card_benefits', () => {
    const valuations = [
      'card,transfers_alone,standalone_cents_per_point,pooled_with,note,source_url,as_of',
      'amex-gold,yes,1.2,,,https://www.americanexpress.com/,2026-11-01',
      'chase-freedom-flex,no,,,,https://creditcards.chase.com/,2026-11-01',
      'citi-custom-cash,no,1,chase-sapphire-preferred,,https://www.citi.com/,2026-11-01',
      'chase-freedom,no,1,chase-freedom-flex,,https://creditcards.chase.com/,2026-11-01',
      'chase-sapphire-preferred,maybe,,,,https://creditcards.chase.com/,2026-11-01',
    ].join('\n');
    const credits = 'card,credit,note,source_url,as_of\namex-gold,$500 imaginary credit,,https://www.americanexpress.com/,2026-11-01\n';
    expect(withFiles({ 'card_valuations.csv': valuations, 'easy_credits.csv': credits })).toEqual([
      "data/card_valuations.csv:2:3: a card that transfers alone is worth its program's value; expected an empty field",
      'data/card_valuations.csv:3:3: a card that cannot transfer alone needs its own redemption value; expected a number',
      'data/card_valuations.csv:3:4: a card that cannot transfer alone needs the card that unlocks transfers; expected a card slug',
      'data/card_valuations.csv:4:4: chase-sapphire-preferred earns chase-ultimate-rewards, not citi-thankyou; expected a card of the same program',
      'data/card_valuations.csv:5:4: chase-freedom-flex has no card_valuations row saying it transfers alone; expected a card that does',
      'data/card_valuations.csv:6:2: transfers_alone: expected one of yes, no, got "maybe"',
      'data/easy_credits.csv:2:2: amex-gold has no credit named "$500 imaginary credit" in card_benefits.csv; expected a credit\'s exact name',
    ]);
  });

  it('checks popular cards and second sources against the cards and rules they name', () => {
    const popular = [
      'rank,card,mentions,basis,source_url,as_of',
      '1,amex-gold,2,named on 2 pages,https://reviews.example/best,2026-11-01',
      '2,amex-gold,1,named on 1 page,,2026-11-01',
      '2,no-such-card,0,named on no page,,2026-11-01',
    ].join('\n');
    const verifications = [
      'card,fact,category,valid_from,verified_by,verified_on,agrees,note',
      'amex-gold,rule,dining,,https://reviews.example/gold,2026-11-25,yes,',
      'amex-gold,rule,gas,,https://reviews.example/gold,2026-11-25,yes,',
      'chase-freedom-flex,rule,gas,2026-07-01,https://reviews.example/flex,2026-11-25,yes,',
      'amex-gold,rule,,,https://reviews.example/gold,2026-11-25,yes,',
      'amex-gold,network,dining,2026-01-01,https://reviews.example/gold,2026-11-25,yes,',
      'amex-gold,annual_fee,,,https://www.americanexpress.com/us/gold,2026-11-25,yes,',
      'amex-gold,rule,groceries,,https://www.americanexpress.com/terms,2026-11-25,yes,',
      'amex-gold,rewards,,,https://reviews.example/gold,2026-11-25,maybe,',
      'amex-gold,rule,dining,,https://reviews.example/gold,2026-11-25,no,',
      'citi-double-cash,flat_rate,,,https://reviews.example/double-cash,2026-11-25,yes,2% on everything',
      'amex-gold,flat_rate,,,https://reviews.example/gold,2026-11-25,yes,',
    ].join('\n');
    expect(withFiles({ 'popular_cards.csv': popular, 'verifications.csv': verifications })).toEqual([
      'data/popular_cards.csv:3:2: amex-gold is ranked already (rank 1, line 2); expected each card once',
      'data/popular_cards.csv:4:1: duplicate key (rank=2), first at line 3; expected each key once',
      'data/verifications.csv:3:3: amex-gold has no rule in gas without valid_from; expected one of its rules: airfare, dining, groceries',
      'data/verifications.csv:4:4: chase-freedom-flex has no rule in gas valid from 2026-07-01; expected one of its rules: airfare, dining, gas from 2026-10-01',
      "data/verifications.csv:5:3: a rule fact names its rule; expected the rule's category",
      'data/verifications.csv:6:3: a network fact names no rule; expected an empty category',
      'data/verifications.csv:6:4: a network fact names no rule; expected an empty valid_from',
      "data/verifications.csv:7:5: https://www.americanexpress.com/us/gold is on the same site as the card's source_url; expected an independent second source",
      "data/verifications.csv:8:5: https://www.americanexpress.com/terms is on the same site as the rule's source_url; expected an independent second source",
      'data/verifications.csv:9:2: fact: expected one of annual_fee, network, program, foreign_tx_fee, base_rate, rule, flat_rate, got "rewards"',
      'data/verifications.csv:9:7: agrees: expected one of yes, no, unconfirmed, got "maybe"',
      'data/verifications.csv:10:1: duplicate key (card="amex-gold", fact="rule", category="dining", valid_from="", verified_by="https://reviews.example/gold"), first at line 2; expected each key once',
      'data/verifications.csv:12:2: amex-gold has earn rules (airfare, dining, groceries); expected a flat_rate fact only for a card without any',
      // References that do not resolve come after the rows' own problems (issue 28: the cause first).
      'data/popular_cards.csv:4:2: card: unknown card "no-such-card", expected a slug from cards.csv',
    ]);
  });

  it('stops listing a card without bonus rules once a page confirms it flat-rate, and only then', () => {
    const header = 'card,fact,category,valid_from,verified_by,verified_on,agrees,note';
    const summaryWith = (...rows: string[]) => {
      const sources = new Map(readDataset(FIXTURE));
      sources.set('verifications.csv', [header, ...rows].join('\n'));
      const { dataset } = checkDataset(sources, 'data');
      return summarizeDataset(dataset).find((line) => line.startsWith('active cards with no bonus rule'));
    };
    const flat = 'citi-double-cash,flat_rate,,,https://reviews.example/double-cash,2026-11-25';
    expect(summaryWith()).toBe(
      'active cards with no bonus rule (base rate only): 1, 0 confirmed flat-rate by a page (flat_rate in verifications.csv); not confirmed: citi-double-cash',
    );
    expect(summaryWith(`${flat},yes,2% on everything`)).toBe(
      'active cards with no bonus rule (base rate only): 1, 1 confirmed flat-rate by a page (flat_rate in verifications.csv)',
    );
    // A page that names a bonus category is no confirmation; nor is a confirmation of another fact.
    expect(summaryWith(`${flat},no,names a 5% travel category`)).toContain('not confirmed: citi-double-cash');
    expect(summaryWith('citi-double-cash,base_rate,,,https://reviews.example/double-cash,2026-11-25,yes,2%')).toContain(
      'not confirmed: citi-double-cash',
    );
  });

  it('refuses a cell past its length with a located problem that does not echo it, before any schema runs', () => {
    const huge = 'A'.repeat(1_000_000);
    const cards = fixtureText('cards.csv').replace('American Express Gold Card', huge);
    const benefits = fixtureText('card_benefits.csv').replace('Dining credit,10,month,,', `Dining credit,10,month,${'n'.repeat(1001)},`);
    const problems = withFiles({ 'cards.csv': cards, 'card_benefits.csv': benefits });
    expect(problems).toEqual([
      'data/card_benefits.csv:2:6: note: 1,001 characters, expected at most 1,000 (docs/input-limits.md)',
      'data/cards.csv:3:2: name: 1,000,000 characters, expected at most 120 (docs/input-limits.md)',
    ]);
  });

  it('refuses control characters, bidi overrides and bytes that were not UTF-8, at their line and field', () => {
    const issuers = [
      'slug,name,website',
      'amex,American\u0000Express,https://www.americanexpress.com/',
      'chase,Pr\ufffdf\ufffdrred,https://www.chase.com/',
      'citi,"Citi\nBank",https://www.citi.com/',
    ].join('\n');
    const categories = fixtureText('categories.csv').replace('flights bought from airlines', '"flights bought\nfrom airlines\u202e"');
    expect(withFiles({ 'issuers.csv': issuers, 'categories.csv': categories })).toEqual([
      // The override is on the second line of the quoted description (prose may run over lines).
      'data/categories.csv:3:3: description: bidirectional control U+202E at character 29 of the field; expected UTF-8 text without control characters',
      'data/issuers.csv:2:2: name: control character U+0000 at character 9 of the field; expected UTF-8 text without control characters',
      'data/issuers.csv:3:2: name: a byte that is not UTF-8 (read as U+FFFD) at character 3 of the field; expected UTF-8 text without control characters',
      // A name is one line.
      'data/issuers.csv:4:2: name: control character U+000A at character 5 of the field; expected UTF-8 text without control characters',
    ]);
  });

  it('refuses invisible format characters in names and slugs, and leaves them to prose', () => {
    const cards = fixtureText('cards.csv')
      .replace('American Express Gold Card', 'American Express\u200b Gold Card')
      .replace('\namex-gold,', '\namex-gold\ufeff,')
      .replace('Blue Cash Preferred Card', 'Blue Cash Pre\u00adferred Card');
    const programs = fixtureText('programs.csv').replace('Membership Rewards', 'Membership Rewards\u{e0041}');
    const categories = fixtureText('categories.csv')
      // A zero-width joiner inside an emoji and a word joiner are prose's own, in a description.
      .replace(
        'flights bought from airlines',
        'flights bought from airlines for a family \u{1f468}\u200d\u{1f469}\u200d\u{1f467} fares\u2060 too',
      )
      .replace('Delta purchases', 'Delta\u2063 purchases');
    const visible = 'expected visible text: only a note or a description may hold an invisible format character';
    expect(withFiles({ 'cards.csv': cards, 'programs.csv': programs, 'categories.csv': categories })).toEqual([
      `data/cards.csv:2:2: name: invisible format character U+00AD at character 14 of the field; ${visible}`,
      `data/cards.csv:3:1: slug: invisible format character U+FEFF at character 10 of the field; ${visible}`,
      `data/cards.csv:3:2: name: invisible format character U+200B at character 17 of the field; ${visible}`,
      `data/categories.csv:3:2: name: invisible format character U+2063 at character 6 of the field; ${visible}`,
      `data/programs.csv:2:2: name: invisible format character U+E0041 at character 19 of the field; ${visible}`,
    ]);
  });

  it('holds README.md and LICENSE to the rules of text, located at their line and column', () => {
    const readme = '# Dataset\r\n\r\n\tIndented with a tab, CRLF lines, an emoji \u{1f468}\u200d\u{1f469}.\r\n';
    expect(withFiles({ 'README.md': readme, LICENSE: '\ufeffMIT License\n' })).toEqual([]);
    expect(
      withFiles({
        'README.md': '# Dataset\n\nA line with an escape \u001b[31m in it\n',
        LICENSE: 'MIT License\n\nCopyright \u00e9\u202e reversed\n',
      }),
    ).toEqual([
      'data/LICENSE:3:12: bidirectional control U+202E; expected UTF-8 text without control characters',
      'data/README.md:3:23: control character U+001B; expected UTF-8 text without control characters',
    ]);
    expect(withFiles({ 'README.md': 'x'.repeat(TEXT_LIMITS.document + 1) })).toEqual([
      `data/README.md:0:0: ${(TEXT_LIMITS.document + 1).toLocaleString('en-US')} characters, expected at most ${TEXT_LIMITS.document.toLocaleString('en-US')} (docs/input-limits.md)`,
    ]);
  });

  it('points a quote that never closes at the line where it opened, not where the parser gave up', () => {
    const lines = fixtureText('merchants.csv').trimEnd().split('\n');
    lines[2] = (lines[2] ?? '').replace(',', ',"');
    const problems = withFiles({ 'merchants.csv': `${lines.join('\n')}\n` });
    expect(problems[0]).toMatch(/^data\/merchants\.csv:3:2: CSV syntax: the quote that opens this field is never closed/);
    // merchants.csv could not be read: rows that name a merchant are not reported as well.
    expect(problems.filter((p) => p.includes('unknown merchant'))).toEqual([]);
  });

  it('refuses a number too large for a double by its length, never as null', () => {
    const cards = fixtureText('cards.csv').replace(',325,', `,${'9'.repeat(400)},`);
    expect(withFiles({ 'cards.csv': cards })).toEqual([
      'data/cards.csv:3:7: annual_fee: 400 characters, expected at most 40 (docs/input-limits.md)',
    ]);
  });

  it('puts the cause first and ends with a summary that names it, however many problems follow', () => {
    const cards = fixtureText('cards.csv').replace(',issuer,', ',issuer_name,');
    const sources = new Map(readDataset(FIXTURE));
    sources.set('cards.csv', cards);
    const { problems } = checkDataset(sources, 'data');
    expect(formatProblem(problems[0]!)).toMatch(/^data\/cards\.csv:1:3: unknown column "issuer_name"/);
    expect(problems.map((p) => p.code)).not.toContain('unknown_reference');
    expect(summarizeProblems(problems, 'nothing written')).toBe(
      '2 problems in 1 file of the dataset (1 unknown_column, 1 missing_column); start with data/cards.csv:1:3; nothing written',
    );
  });

  it('gives every text column of every table a maxLength, and docs/input-limits.md states each limit', () => {
    const unbounded = tables.flatMap((table) =>
      Object.entries(table.schema.properties)
        .filter(([, schema]) => {
          const column = schema as {
            type?: string | string[];
            maxLength?: number;
            pattern?: string;
            format?: string;
            items?: { maxLength?: number };
          };
          const text = column.type === 'string' || (Array.isArray(column.type) && column.type.includes('string'));
          // A fixed-width pattern (an MCC code) or a date format bounds a column as well as a maxLength.
          const fixed = column.format === 'date' || column.pattern === '^[0-9]{4}$';
          return (text && !fixed && column.maxLength === undefined) || (column.type === 'array' && column.items?.maxLength === undefined);
        })
        .map(([name]) => `${table.file}:${name}`),
    );
    expect(unbounded).toEqual([]);
    const doc = readFileSync(`${ROOT}/docs/input-limits.md`, 'utf8');
    for (const limit of Object.values(TEXT_LIMITS)) expect(doc).toContain(`| ${limit} |`);
  });
});

function fixtureText(file: string): string {
  return readFileSync(`${FIXTURE}/${file}`, 'utf8');
}
