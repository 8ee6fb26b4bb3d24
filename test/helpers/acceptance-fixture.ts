/**
 * Costco's network restrictions (the real rows of dataset/merchant_acceptance.csv, read 2026-11-25)
 * added to a copy of the mini fixture's files, for the tests of answers at the till (issue 23). The
 * mini fixture itself stays without them, so its dataset date and its other answers do not move.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDataset } from '../../generator/dataset/read-dataset.ts';
import { FIXTURE, ROOT } from './cli.ts';

/** The mini fixture's files with Costco's rows of merchant_acceptance.csv. */
export function fixtureWithAcceptance(): Map<string, string | undefined> {
  const sources = new Map(readDataset(FIXTURE));
  sources.set('merchant_acceptance.csv', readFileSync(join(ROOT, 'test/fixtures/merchant-acceptance-costco.csv'), 'utf8'));
  return sources;
}
