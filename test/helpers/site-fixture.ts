/**
 * The mini fixture plus two merchants for the site tests, Starbucks (for the widget) and one whose
 * name is hostile HTML, and Costco's network restrictions (the answer at the till in a browser).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureWithAcceptance } from './acceptance-fixture.ts';

/** A merchant name that breaks any page that concatenates data into HTML. */
export const HOSTILE_NAME = `<script>alert("pwned")</script> & "Quotes" 'R' Us`;
export const HOSTILE_SLUG = 'hostile-name';

const EXTRA_MERCHANTS = [
  'starbucks,Starbucks,5814,starbucks.com,7,nsi,Q37158,2026-11-01',
  `${HOSTILE_SLUG},"${HOSTILE_NAME.replace(/"/g, '""')}",5999,,8,curated,test,2026-11-01`,
];

/** The fixture's files with the extra merchants appended, and Costco's networks (Visa only in store) as the dataset has them. */
export function siteFixtureSources(): Map<string, string | undefined> {
  const sources = fixtureWithAcceptance();
  const merchants = sources.get('merchants.csv') ?? '';
  sources.set('merchants.csv', `${merchants.replace(/\n?$/, '\n')}${EXTRA_MERCHANTS.join('\n')}\n`);
  return sources;
}

/** Writes the site fixture as a dataset folder. */
export function writeSiteFixture(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of siteFixtureSources()) if (text !== undefined) writeFileSync(join(dir, file), text);
}
