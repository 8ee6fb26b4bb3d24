/**
 * The change history from real builds: the fixture built, then rebuilt with a card's annual fee
 * changed, into the same tree. The history, /api/changes through a real gateway, the /changes page
 * and the Atom feed all show the two builds; a rebuild that changes no answer keeps the bytes.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../gateway/store.ts';
import type { TreeView } from '../generator/writer/build-diff.ts';
import { type BuildOutput, compile } from '../generator/compile.ts';
import { HISTORY_PATH } from '../generator/writer/history.ts';
import { manifestRoutes } from '../generator/routes/index.ts';
import { readDataset } from '../generator/dataset/read-dataset.ts';
import { HISTORY_LIMIT } from '../schemas/keyed/meta.ts';
import { createEmbeddedStore } from '../gateway/stores/embedded-store.ts';
import type { BuildChange } from '../schemas/keyed.ts';
import { FIXTURE, hashTree, runCli } from './helpers/cli.ts';
import { createTestKey, startTestGateway, type TestGateway } from './helpers/gateway.ts';
import { get } from './helpers/http.ts';
import { childrenNamed, parseXml, type XmlElement } from './helpers/xml.ts';

const BASE_URL = 'https://rewards.example.test';
const FIRST_COMMIT = '1f2e3d4c5b6a7980';
const SECOND_COMMIT = '0a1b2c3d4e5f6a7b';

const work = mkdtempSync(join(tmpdir(), 'cardrewards-changes-'));
const out = join(work, 'dist');
const changed = join(work, 'dataset');
let store: Store;
let gateway: TestGateway;
const keys: { enterprise: string; pro: string } = { enterprise: '', pro: '' };
const builds: string[] = [];

const build = async (dataset: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) => {
  const result = await runCli(['build', '--dataset', dataset, '--out', out, '--base-url', BASE_URL, ...extra], env);
  if (result.code !== 0) throw new Error(result.stderr);
  return result;
};
const history = () => (JSON.parse(readFileSync(join(out, HISTORY_PATH), 'utf8')) as { builds: BuildChange[] }).builds;
const feed = () => parseXml(readFileSync(join(out, 'public/changes.xml'), 'utf8'));
const child = (element: XmlElement, name: string) => childrenNamed(element, name)[0];

beforeAll(async () => {
  cpSync(FIXTURE, changed, { recursive: true });
  const cards = readFileSync(join(changed, 'cards.csv'), 'utf8');
  const edited = cards.replace(/^(amex-gold,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,)325,/m, '$1350,');
  expect(edited).not.toBe(cards);
  writeFileSync(join(changed, 'cards.csv'), edited);
  // The first commit comes by option, the second by the environment variable CI sets.
  await build(FIXTURE, ['--dataset-commit', FIRST_COMMIT]);
  builds.push(readFileSync(join(out, 'build-id'), 'utf8').trim());
  await build(changed, [], { CARDREWARDS_DATASET_COMMIT: SECOND_COMMIT });
  builds.push(readFileSync(join(out, 'build-id'), 'utf8').trim());
  store = createEmbeddedStore({ file: join(work, 'state.json') });
  keys.enterprise = await createTestKey(store, 'enterprise');
  keys.pro = await createTestKey(store, 'pro');
  gateway = await startTestGateway(store, out);
});

afterAll(async () => {
  await gateway?.close();
  await store?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the change history in dist/', () => {
  it('has one entry per build, newest first: the fee change, then the first build', () => {
    const [second, first] = history();
    expect(history()).toHaveLength(2);
    expect(first).toMatchObject({
      sequence: 1,
      build: builds[0],
      previous_build: null,
      date: '2026-11-10',
      dataset_commit: FIRST_COMMIT,
      summary: 'First build of this history.',
      changes: [],
    });
    expect(second).toMatchObject({ sequence: 2, build: builds[1], previous_build: builds[0], dataset_commit: SECOND_COMMIT });
    expect(second?.changes).toEqual([{ kind: 'annual fee', subject: 'amex-gold', before: '325', after: '350' }]);
    expect(second?.changes_total).toBe(1);
    expect(second?.files).toContainEqual({ family: '/api/cards/{id}', added: 0, removed: 0, changed: 1 });
    // The history's own files are not answers: they never appear among the changed files.
    expect(second?.files.map((files) => files.family)).not.toContain('/api/changes');
    expect(second?.summary).toMatch(/^\d+ files changed, 0 added, 0 removed; annual fee: 1\.$/);
  });

  it('keeps the same bytes when a rebuild changes no answer, even with another commit and the inputs record gone', async () => {
    const before = hashTree(out);
    // Without the inputs record the build cannot skip: it compiles, compares and finds nothing to record.
    rmSync(join(out, '.inputs'));
    const result = await build(changed, ['--dataset-commit', 'ffffffffffffffff']);
    expect(result.stdout).toMatch(/is up to date \(build [0-9a-f]{16}\): \d+ files, no file written/);
    expect(hashTree(out)).toEqual(before);
    expect(history()).toHaveLength(2);
  });
});

describe('--dataset-commit', () => {
  it('refuses a value that is not a commit id, as a usage error that writes nothing', async () => {
    const result = await runCli(['build', '--dataset', FIXTURE, '--out', join(work, 'never'), '--dataset-commit', 'main']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('expected a git commit id');
    expect(existsSync(join(work, 'never'))).toBe(false);
  });
});

describe('/api/changes through the gateway', () => {
  it('lists the builds newest first with their changes, one page with Link headers', async () => {
    const reply = await get(gateway.url, '/api/changes', { headers: { 'X-API-Key': keys.enterprise } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json).toMatchObject({ page: 1, total: 2, total_pages: 1, next: null, prev: null });
    const data = (reply.json as { data: BuildChange[] }).data;
    expect(data).toEqual(history());
    expect(data.map((entry) => entry.build)).toEqual([builds[1], builds[0]]);
    expect(reply.headers['link']).toBe('</api/changes>; rel="first", </api/changes>; rel="last"');
  });

  it('is for the enterprise tier only', async () => {
    const reply = await get(gateway.url, '/api/changes', { headers: { 'X-API-Key': keys.pro } });
    expect(reply.status).toBe(403);
    expect(reply.headers['content-type']).toBe('application/problem+json');
  });
});

describe('the Atom feed and the changes page', () => {
  it('is well-formed Atom with one entry per build, dated by the dataset', () => {
    const root = feed();
    expect(root).toMatchObject({ name: 'feed', namespace: 'http://www.w3.org/2005/Atom' });
    expect(child(root, 'id')?.text).toBe(`${BASE_URL}/changes.xml`);
    expect(child(root, 'updated')?.text).toBe('2026-11-10T00:00:00Z');
    expect(childrenNamed(root, 'link').map((link) => link.attributes)).toContainEqual({
      rel: 'self',
      type: 'application/atom+xml',
      href: `${BASE_URL}/changes.xml`,
    });
    expect(child(root, 'author')?.children.map((element) => element.name)).toEqual(['name']);
    const entries = childrenNamed(root, 'entry');
    expect(entries).toHaveLength(2);
    const ids = entries.map((entry) => child(entry, 'id')?.text);
    expect(new Set(ids).size).toBe(2);
    for (const entry of entries) {
      expect(child(entry, 'updated')?.text).toBe('2026-11-10T00:00:00Z');
      expect(child(entry, 'link')?.attributes['href']).toBe(child(entry, 'id')?.text);
    }
    const [newest, oldest] = entries as [XmlElement, XmlElement];
    expect(child(newest, 'title')?.text).toBe(`Build 2 (${builds[1]}), dataset of 2026-11-10`);
    // The content is HTML carried as text: the XML parser has already undone one level of escaping.
    expect(child(newest, 'content')).toMatchObject({
      attributes: { type: 'html' },
      text: '<ul><li>annual fee amex-gold: 325 → 350</li></ul>',
    });
    expect(child(oldest, 'content')?.text).toContain('The first build of this history');
  });

  it('is served publicly as Atom, and every page links to it', async () => {
    const reply = await get(gateway.url, '/changes.xml');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(reply.text).toBe(readFileSync(join(out, 'public/changes.xml'), 'utf8'));
    for (const page of ['/', '/changes', '/card/amex-gold', '/stats']) {
      const html = await get(gateway.url, page);
      expect(html.status, page).toBe(200);
      expect(html.text, page).toContain(
        '<link rel="alternate" type="application/atom+xml" title="cardrewards: what each build changed" href="/changes.xml">',
      );
    }
  });

  it('the page shows each build at the anchor its feed entry links to', async () => {
    const page = (await get(gateway.url, '/changes')).text;
    for (const entry of childrenNamed(feed(), 'entry')) {
      const anchor = (child(entry, 'id')?.text ?? '').split('#')[1];
      expect(page).toContain(`id="${anchor}"`);
    }
    expect(page).toContain('<li>annual fee amex-gold: 325 → 350</li>');
    expect(page).toContain(`dataset commit <code>${SECOND_COMMIT}</code>`);
  });

  it('refuses a feed that is not well-formed (the check can fail)', () => {
    expect(() => parseXml('<feed><entry></feed>')).toThrow();
    expect(() => parseXml('<feed>a & b</feed>')).toThrow();
  });
});

describe('the history in memory (compile with a previous tree)', () => {
  const compiled = (dataset: string, previous?: TreeView): BuildOutput => {
    const result = compile(readDataset(dataset), { baseUrl: BASE_URL, displayDir: 'mini', previous });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return result.output;
  };
  /** A build as the next one sees it, with its history replaced by `builds`. */
  const asPrevious = (output: BuildOutput, builds: readonly BuildChange[]): TreeView => ({
    build: output.buildId,
    files: output.entries,
    routes: manifestRoutes(),
    read: (path) => (path === HISTORY_PATH ? { builds } : JSON.parse(output.files.get(path)?.toString('utf8') ?? 'null')),
  });

  it(`keeps the last ${HISTORY_LIMIT} builds, and is deterministic for the same inputs and history`, () => {
    const first = compiled(FIXTURE);
    const [entry] = first.history;
    expect(entry).toBeDefined();
    // A full history: the first build's real entry under every sequence number, newest first.
    const full = Array.from({ length: HISTORY_LIMIT }, (_, i) => ({ ...(entry as BuildChange), sequence: HISTORY_LIMIT - i }));
    const next = compiled(changed, asPrevious(first, full));
    expect(next.history).toHaveLength(HISTORY_LIMIT);
    expect(next.history.map((build) => build.sequence)).toEqual(Array.from({ length: HISTORY_LIMIT }, (_, i) => HISTORY_LIMIT + 1 - i));
    expect(next.history[0]?.changes).toEqual([{ kind: 'annual fee', subject: 'amex-gold', before: '325', after: '350' }]);
    const again = compiled(changed, asPrevious(first, full));
    expect(again.manifest.equals(next.manifest)).toBe(true);
    expect(again.files.get('public/changes.xml')?.equals(next.files.get('public/changes.xml') as Buffer)).toBe(true);
  });

  it('names a build by its answers: the same answers after another history have the same id', () => {
    const first = compiled(FIXTURE);
    const after = compiled(changed, asPrevious(first, first.history));
    const back = compiled(FIXTURE, asPrevious(after, after.history));
    expect(back.buildId).toBe(first.buildId);
    expect(back.history.map((build) => build.build)).toEqual([first.buildId, after.buildId, first.buildId]);
  });
});
