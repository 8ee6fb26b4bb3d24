/**
 * The previous build's files as a new build holds them (generator/writer/packed-files.ts): every
 * lookup answers what the manifest says, and nothing for a path it does not list.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PackedFiles } from '../generator/writer/packed-files.ts';
import type { Manifest } from '../schemas/manifest.ts';
import { useCompiledFixture } from './helpers/compiled-fixture.ts';

const fixture = useCompiledFixture();
const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('PackedFiles', () => {
  it("answers each file's ETag and encodings as the manifest lists them, in the manifest's order", () => {
    const { files } = JSON.parse(fixture.output.manifest.toString('utf8')) as Manifest;
    const packed = PackedFiles.ofRecord(files);
    const paths = Object.keys(files);
    expect(paths.length).toBeGreaterThan(300);
    expect(packed.size).toBe(paths.length);
    expect([...packed.keys()]).toEqual(paths);
    for (const path of paths) {
      const { etag, encodings } = files[path] as Manifest['files'][string];
      expect(packed.get(path), path).toEqual(encodings === undefined ? { etag } : { etag, encodings });
    }
    // Both kinds of file are there: with precompressed siblings and without.
    expect(paths.some((path) => files[path]?.encodings === undefined)).toBe(true);
    expect(paths.some((path) => files[path]?.encodings !== undefined)).toBe(true);
  });

  it('answers nothing for a path the tree does not hold, however close', () => {
    const { files } = JSON.parse(fixture.output.manifest.toString('utf8')) as Manifest;
    const packed = PackedFiles.ofRecord(files);
    const [first] = Object.keys(files) as [string];
    for (const absent of ['', `${first}x`, first.slice(0, -1), `/${first}`, first.toUpperCase(), `${first.slice(0, -5)}é.json`])
      expect(packed.get(absent), absent).toBeUndefined();
  });

  it('keeps paths and ETags that are not ASCII, and an empty tree', () => {
    const packed = PackedFiles.ofRecord({ 'public/é/ü.json': { etag: '"ä"' }, 'public/a.json': { etag: '"b"', encodings: ['gzip'] } });
    expect(packed.get('public/é/ü.json')).toEqual({ etag: '"ä"' });
    expect(packed.get('public/a.json')).toEqual({ etag: '"b"', encodings: ['gzip'] });
    expect([...packed.keys()]).toEqual(['public/é/ü.json', 'public/a.json']);
    const empty = PackedFiles.ofRecord({});
    expect(empty.get('public/a.json')).toBeUndefined();
    expect([...empty.keys()]).toEqual([]);
  });

  it('grows past its first allocation (more than 1,024 files and 64 KiB of paths)', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => [`keyed/api/things/${i}.json`, { etag: `"${i.toString(36)}"` }] as const);
    const packed = new PackedFiles(entries);
    expect(packed.size).toBe(5000);
    for (const [path, entry] of entries) expect(packed.get(path), path).toEqual(entry);
    expect([...packed.keys()]).toEqual(entries.map(([path]) => path));
    expect(packed.get('keyed/api/things/5000.json')).toBeUndefined();
  });

  it('grows without a deprecated call (it once used Buffer(), and Node printed DEP0005 on every rebuild)', () => {
    // In its own Node, where deprecations throw: inside the test runner Node does not report them.
    const script = `import { PackedFiles } from './generator/writer/packed-files.ts';
      const packed = new PackedFiles(Array.from({ length: 5000 }, (_, i) => ['keyed/api/things/' + i + '.json', { etag: '"e"' }]));
      if (packed.size !== 5000) process.exit(3);`;
    const run = spawnSync(process.execPath, ['--throw-deprecation', '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
