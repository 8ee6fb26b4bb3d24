import { describe, expect, it } from 'vitest';
import { checkDataset } from '../generator/compile.ts';
import { formatProblem } from '../generator/problems.ts';
import { readDataset } from '../generator/read-dataset.ts';
import { FIXTURE } from './helpers/cli.ts';

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
});
