import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finishManifest, type OutputFile } from '../generator/compile.ts';
import { emitTree } from '../generator/emit-tree.ts';
import { GeneratorError } from '../generator/errors.ts';
import { hashTree } from './helpers/cli.ts';
import { useCompiledFixture } from './helpers/compiled-fixture.ts';

const fixture = useCompiledFixture();
const work = mkdtempSync(join(tmpdir(), 'cardrewards-emit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const source = (files: Iterable<OutputFile>) => ({
  files,
  finish: (entries: Parameters<typeof finishManifest>[0]) => finishManifest(entries, fixture.output.model.date),
});

describe('emitTree (streamed)', () => {
  it('writes files in any order into the same tree, build id and manifest as the in-memory compile', async () => {
    const out = join(work, 'reversed');
    const files = [...fixture.output.files].map(([path, bytes]) => ({ path, bytes })).reverse();
    const result = await emitTree(out, source(files));
    expect(result.buildId).toBe(fixture.output.buildId);
    expect(result.files).toBe(fixture.output.files.size + 1);
    expect(readFileSync(join(out, 'manifest.json'))).toEqual(fixture.output.manifest);
    const manifest = hashTree(out);
    expect([...manifest.keys()].filter((path) => !path.endsWith('.br') && !path.endsWith('.gz')).sort()).toEqual(
      [...fixture.output.files.keys(), 'build-id', 'manifest.json'].sort(),
    );
  });

  it('leaves the live tree and no temporary folder behind when deriving fails half way', async () => {
    const out = join(work, 'failing');
    await emitTree(out, source([...fixture.output.files].map(([path, bytes]) => ({ path, bytes }))));
    const before = hashTree(out);
    const target = readlinkSync(out);
    function* halfThenFail(): Generator<OutputFile> {
      let n = 0;
      for (const [path, bytes] of fixture.output.files) {
        if (n++ === 100) throw new GeneratorError('ERR_DOCUMENT_INVALID', `${path} does not match its schema`);
        yield { path, bytes: Buffer.concat([bytes, Buffer.from(' ')]) };
      }
    }
    await expect(emitTree(out, source(halfThenFail()))).rejects.toThrow(/does not match its schema/);
    expect(readlinkSync(out)).toBe(target);
    expect(hashTree(out)).toEqual(before);
    expect(readdirSync(`${out}.builds`).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  });
});
