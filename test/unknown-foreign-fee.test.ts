/**
 * A card whose foreign transaction fee no page we read states (issue 16): the CSV cell is empty, the
 * card is still listed, and every output says "not known" instead of a guessed number.
 */
import { describe, expect, it } from 'vitest';
import { checkDataset, compile } from '../generator/compile.ts';
import { formatProblem } from '../generator/dataset-problems.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { summarizeDataset } from '../generator/engine/summary.ts';
import { FIXTURE } from './helpers/cli.ts';

const SLUG = 'amex-green-unknown-ftf';
// The fixture's Amex Gold, renamed, with the foreign transaction fee cell left empty.
const ROW = `${SLUG},Card Without A Stated Foreign Fee,amex,amex,personal,amex-membership-rewards,150,,,1,,,,,active,https://www.americanexpress.com/,2026-11-01`;

function sourcesWithRow(row: string) {
  const sources = new Map(readDataset(FIXTURE));
  const cards = sources.get('cards.csv') ?? '';
  sources.set('cards.csv', `${cards}${cards.endsWith('\n') ? '' : '\n'}${row}\n`);
  return sources;
}

const buildWithRow = (row: string) =>
  compile(sourcesWithRow(row), { baseUrl: 'https://example.test', displayDir: 'mini', date: '2026-11-15' });

describe('a card with no stated foreign transaction fee', () => {
  const result = buildWithRow(ROW);
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  const text = (path: string) => result.output.files.get(path)!.toString('utf8');

  it('is listed, with foreign_tx_fee null in its keyed detail', () => {
    const detail = JSON.parse(text(`keyed/api/cards/${SLUG}.json`));
    expect(detail.slug).toBe(SLUG);
    expect(detail.foreign_tx_fee).toBeNull();
    expect(detail.annual_fee).toBe(150);
  });

  it('says "not confirmed" on its page instead of a number', () => {
    const page = text(`public/card/${SLUG}/index.html`);
    expect(page).toMatch(/Foreign transaction fee<\/dt><dd>not confirmed/);
    expect(page).not.toMatch(/Foreign transaction fee<\/dt><dd>0 %/);
  });

  it('leaves the cell empty in the flat CSV export', () => {
    const line = text('keyed/api/export/dataset.csv')
      .split('\n')
      .find((l) => l.startsWith(`${SLUG},`));
    expect(line).toBeDefined();
    // card, name, issuer, network, segment, program, cents_per_point, annual_fee, foreign_tx_fee, base_rate
    expect(line!.split(',').slice(7, 10)).toEqual(['150', '', '1']);
  });

  it('is named by validate, so the gap stays visible', () => {
    const { dataset } = checkDataset(sourcesWithRow(ROW), 'mini');
    expect(summarizeDataset(dataset)).toContain(`active cards with no stated foreign transaction fee: ${SLUG}`);
    const plain = checkDataset(readDataset(FIXTURE), 'mini').dataset;
    expect(summarizeDataset(plain).some((line) => line.includes('no stated foreign transaction fee'))).toBe(false);
  });

  it('still rejects a fee that is present but out of range, with its location', () => {
    const bad = buildWithRow(ROW.replace(',150,,,1,', ',150,,9,1,'));
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const messages = bad.problems.map(formatProblem).join('\n');
    expect(messages).toMatch(/cards\.csv:\d+:9: .*5/);
  });
});
