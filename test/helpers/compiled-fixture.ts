/** The fixture dataset compiled in memory once per test file (no disk, no CLI), with a reader for its JSON files. */
import { beforeAll } from 'vitest';
import { type BuildOutput, compile } from '../../generator/compile.ts';
import { readDataset } from '../../generator/dataset/read-dataset.ts';
import { FIXTURE } from './cli.ts';

export interface CompiledFixture {
  /** The build; available inside tests (after beforeAll). */
  readonly output: BuildOutput;
  /** The parsed JSON file at `path` of the tree; throws when there is none. */
  json(path: string): ReturnType<typeof JSON.parse>;
}

/** Registers a beforeAll that compiles the fixture. */
export function useCompiledFixture(): CompiledFixture {
  let output: BuildOutput | undefined;
  beforeAll(() => {
    const result = compile(readDataset(FIXTURE), { baseUrl: 'https://rewards.example.test', displayDir: 'mini' });
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    output = result.output;
  });
  const built = () => {
    if (output === undefined) throw new Error('the fixture is compiled in beforeAll');
    return output;
  };
  return {
    get output() {
      return built();
    },
    json(path) {
      const bytes = built().files.get(path);
      if (!bytes) throw new Error(`no file ${path}`);
      return JSON.parse(bytes.toString('utf8'));
    },
  };
}
