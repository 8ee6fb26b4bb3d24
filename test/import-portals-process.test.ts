/** The portal importer over a real git repository, and `npm run import:portals` as the process a scheduled job runs. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitSnapshots } from '../scripts/portals/git-snapshots.ts';
import { ROOT } from './helpers/cli.ts';

const SOURCES = join(ROOT, 'test/fixtures/portal-sources');
const work = mkdtempSync(join(tmpdir(), 'portals-process-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
/** A fresh folder inside this file's temporary folder. */
const tempDir = () => mkdtempSync(join(work, 'case-'));

describe('reading a git repository', () => {
  it('takes every distinct version of a known page, dated by the commit that introduced it, cited as repo@commit:path', () => {
    const repo = tempDir();
    const git = (args: string[], date?: string) =>
      execFileSync('git', ['-C', repo, ...args], {
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'test',
          GIT_AUTHOR_EMAIL: 'test@example.test',
          GIT_COMMITTER_NAME: 'test',
          GIT_COMMITTER_EMAIL: 'test@example.test',
          ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
        },
      });
    git(['init', '-q']);
    const page = join(repo, 'Backend_ASUD/United_Airlines/united_airlines.html');
    mkdirSync(join(repo, 'Backend_ASUD/United_Airlines'), { recursive: true });
    const html = readFileSync(join(SOURCES, 'mileageplus-2018-02-27.html'), 'utf8');
    const commit = (content: string, date: string, message: string) => {
      writeFileSync(page, content);
      writeFileSync(join(repo, 'notes.txt'), message);
      git(['add', '-A']);
      git(['commit', '-q', '-m', message], date);
      return git(['rev-parse', 'HEAD']).trim();
    };
    // The author's own day counts (late evening in Chicago stays that day).
    const first = commit(html, '2018-01-16T22:00:00-0600', 'first save');
    commit(html, '2018-02-10T10:00:00-0600', 'same page again');
    const second = commit(html.replace('3 miles/$', '4 miles/$'), '2018-02-27T12:00:00-0600', 'new save');
    const found = gitSnapshots('hdg-utd/Myles', join(repo, '.git'));
    expect(found.map((s) => [s.portal, s.format, s.observedOn, s.source])).toEqual([
      [
        'mileageplus-shopping',
        'cartera-store-list',
        '2018-01-16',
        `hdg-utd/Myles@${first}:Backend_ASUD/United_Airlines/united_airlines.html`,
      ],
      [
        'mileageplus-shopping',
        'cartera-store-list',
        '2018-02-27',
        `hdg-utd/Myles@${second}:Backend_ASUD/United_Airlines/united_airlines.html`,
      ],
    ]);
    expect(found[1]!.read()).toContain('4 miles/$');
    expect(() => gitSnapshots('someone/else', join(repo, '.git'))).toThrow(/no known layout/);
  });
});

describe('npm run import:portals', () => {
  const run = (out: string) =>
    execFileSync(process.execPath, ['bin/run-ts.js', 'scripts/import-portals.ts', '--folder', SOURCES, '--out', out], {
      cwd: ROOT,
      encoding: 'utf8',
    });

  it('writes portal_rates.csv and the report, the same bytes every time', () => {
    const [a, b] = [tempDir(), tempDir()];
    const summary = run(a);
    run(b);
    expect(summary).toMatch(/matched \d+ of \d+ stores/);
    const rates = readFileSync(join(a, 'portal_rates.csv'), 'utf8');
    expect(rates).toBe(readFileSync(join(b, 'portal_rates.csv'), 'utf8'));
    expect(readFileSync(join(a, 'sources/portal-stores-report.csv'), 'utf8')).toBe(
      readFileSync(join(b, 'sources/portal-stores-report.csv'), 'utf8'),
    );
    const lines = rates.trimEnd().split('\n');
    expect(lines[0]).toBe('portal,merchant,store_name,rate,unit,up_to,basis,window_from,window_to,observations,observed_on,source');
    // The newest observation wins: Macy's on MileagePlus is the 2023-05-01 scrape (1 mile/$), not 2018's bonus.
    expect(lines).toContain(
      'mileageplus-shopping,macys,Macys.com,1,miles_per_dollar,false,published,,,1,2023-05-01,jakeguillory/trakstr-scraper@dda53e37b2b5fd94cf0a0bf2c0f1f67cdf48b447:initial-data/united-1682944304.json',
    );
    const report = readFileSync(join(a, 'sources/portal-stores-report.csv'), 'utf8');
    // None dropped silently: unmatched, excluded, undetermined and no-rate entries are all there.
    for (const line of [
      'rakuten,A Pea in the Pod,apeainthepod.com,unmatched',
      'mileageplus-shopping,Tile,,excluded',
      'mileageplus-shopping,Canva,,rate undetermined',
      'mileageplus-shopping,Target.com,,no rate shown',
    ]) {
      expect(report).toContain(line);
    }
  });
});
