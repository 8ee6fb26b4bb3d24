import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type OutputFile, planBuild } from '../generator/compile.ts';
import { emitTree, removeAbandonedTrees } from '../generator/writer/emit-tree.ts';
import { GeneratorError } from '../generator/errors.ts';
import { hashTree } from './helpers/cli.ts';
import { useCompiledFixture } from './helpers/compiled-fixture.ts';

const fixture = useCompiledFixture();
const work = mkdtempSync(join(tmpdir(), 'cardrewards-emit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('emitTree (streamed)', () => {
  it('writes the same tree, build id and manifest as the in-memory compile', async () => {
    const out = join(work, 'streamed');
    const result = await emitTree(out, planBuild(fixture.output.model, {}));
    expect(result.buildId).toBe(fixture.output.buildId);
    expect(result.files).toBe(fixture.output.files.size + 1);
    expect(readFileSync(join(out, 'manifest.json'))).toEqual(fixture.output.manifest);
    const tree = hashTree(out);
    expect([...tree.keys()].filter((path) => !path.endsWith('.br') && !path.endsWith('.gz')).sort()).toEqual(
      [...fixture.output.files.keys(), 'build-id', 'manifest.json'].sort(),
    );
    for (const [path, bytes] of fixture.output.files) expect(readFileSync(join(out, path)), path).toEqual(bytes);
  });

  it('leaves the live tree and no temporary folder behind when deriving fails half way', async () => {
    const out = join(work, 'failing');
    await emitTree(out, planBuild(fixture.output.model, {}));
    const before = hashTree(out);
    const target = readlinkSync(out);
    function* halfThenFail(): Generator<OutputFile> {
      let n = 0;
      for (const [path, bytes] of fixture.output.files) {
        if (n++ === 100) throw new GeneratorError('ERR_DOCUMENT_INVALID', `${path} does not match its schema`);
        yield { path, bytes: Buffer.concat([bytes, Buffer.from(' ')]), artefact: 'test' };
      }
    }
    await expect(emitTree(out, { ...planBuild(fixture.output.model, {}), answers: halfThenFail() })).rejects.toThrow(
      /does not match its schema/,
    );
    expect(readlinkSync(out)).toBe(target);
    expect(hashTree(out)).toEqual(before);
    expect(readdirSync(`${out}.builds`).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  });

  it('refuses a second file at a path with ERR_OUTPUT_PATH, naming the path and the artefact, and publishes nothing', async () => {
    const out = join(work, 'twice');
    function* oneTwice(): Generator<OutputFile> {
      const [[path, bytes]] = [...fixture.output.files].slice(0, 1) as [[string, Buffer]];
      yield { path, bytes, artefact: 'first' };
      yield { path, bytes, artefact: 'second' };
    }
    const plan = { ...planBuild(fixture.output.model, {}), answers: oneTwice() };
    const refusal = emitTree(out, plan);
    await expect(refusal).rejects.toMatchObject({ code: 'ERR_OUTPUT_PATH' });
    await expect(refusal).rejects.toThrow(/two artefacts write .+ \(the second time by second\)/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(`${out}.builds`)).toEqual([]);
  });

  it('stops at its byte bound with ERR_OUTPUT_BOUND, publishing nothing and leaving no temporary folder', async () => {
    const out = join(work, 'bounded');
    await expect(emitTree(out, planBuild(fixture.output.model, {}), undefined, undefined, { maxBytes: 50_000 })).rejects.toMatchObject({
      code: 'ERR_OUTPUT_BOUND',
    });
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(`${out}.builds`)).toEqual([]);
  });

  it('removes its temporary folder and rejects with ERR_INTERRUPTED when its signal aborts', async () => {
    const out = join(work, 'aborted');
    const controller = new AbortController();
    function* abortHalfWay(): Generator<OutputFile> {
      let n = 0;
      for (const [path, bytes] of fixture.output.files) {
        if (n++ === 200) controller.abort('SIGINT');
        yield { path, bytes, artefact: 'test' };
      }
    }
    const plan = { ...planBuild(fixture.output.model, {}), answers: abortHalfWay() };
    await expect(emitTree(out, plan, undefined, undefined, { signal: controller.signal })).rejects.toMatchObject({
      code: 'ERR_INTERRUPTED',
    });
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(`${out}.builds`)).toEqual([]);
  });

  it("removes the temporary folders of processes that are gone, never a live process's", () => {
    const builds = join(work, 'leftovers.builds');
    // Pids are below 2^22 on Linux: this one belongs to no process.
    for (const name of ['.tmp-4194999', `.tmp-${process.ppid}`, 'kept-build']) mkdirSync(join(builds, name), { recursive: true });
    expect(removeAbandonedTrees(builds)).toEqual(['.tmp-4194999']);
    expect(readdirSync(builds).sort()).toEqual([`.tmp-${process.ppid}`, 'kept-build']);
  });
});
