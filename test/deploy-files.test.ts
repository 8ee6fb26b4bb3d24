/**
 * The Dockerfile, compose.yaml and the data workflow cannot run here (no Docker engine, no
 * GitHub): each is parsed and every path, command, option and variable it names is checked
 * against the project, so they cannot drift from it unnoticed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVING_NODE_FLAGS } from '../gateway/serving-node-flags.ts';
import { ENVIRONMENT } from '../gateway/config.ts';
import { BUILD_ID_PATH } from '../tree/tree-contract.ts';
import { ROOT, runCli } from './helpers/cli.ts';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Checks `node bin/cardrewards.js <command> [--flag …]` against that command's own --help. */
async function expectCliCall(line: string): Promise<void> {
  const words = line.trim().split(/\s+/);
  const at = words.indexOf('bin/cardrewards.js');
  expect(at, line).toBeGreaterThanOrEqual(0);
  const command = words[at + 1] as string;
  const help = await runCli([command, '--help']);
  expect(help.code, `${command} --help`).toBe(0);
  for (const flag of words.slice(at + 2).filter((word) => word.startsWith('--'))) expect(help.stdout, `${line}: ${flag}`).toContain(flag);
}

describe('Dockerfile', () => {
  const lines = read('Dockerfile').split('\n');
  it('copies only paths the repository has, and runs as a user other than root', () => {
    const sources = lines
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from'))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) expect(existsSync(join(ROOT, source)), source).toBe(true);
    expect(lines.filter((line) => line.startsWith('USER ')).at(-1)).toBe('USER node');
  });

  it('sets only variables the gateway reads, health-checks /healthz and starts serve with options it has', async () => {
    const known = new Set([...Object.values(ENVIRONMENT), 'NODE_ENV']);
    for (const line of lines.filter((entry) => entry.startsWith('ENV '))) {
      for (const name of [...line.matchAll(/([A-Z_]+)=/g)].map((match) => match[1])) expect(known.has(name as string), name).toBe(true);
    }
    expect(lines.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/healthz');
    const command = JSON.parse((lines.find((line) => line.startsWith('CMD ')) as string).slice(4)) as string[];
    await expectCliCall(command.join(' '));
    // node's own flags for a serving process come before the script.
    expect(command.slice(1, command.indexOf('bin/cardrewards.js'))).toEqual(SERVING_NODE_FLAGS);
  });
});

describe('npm start', () => {
  it('starts node with the serving flags', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start']).toContain(`node ${SERVING_NODE_FLAGS.join(' ')} bin/cardrewards.js start`);
  });
});

describe('compose.yaml', () => {
  it('runs two gateways from this image behind one persistent Redis service', () => {
    const compose = parse(read('compose.yaml')) as {
      services: Record<string, { build?: string; environment?: Record<string, string>; command?: string[] }>;
    };
    const gateways = Object.entries(compose.services).filter(([, service]) => service.build === '.');
    expect(gateways).toHaveLength(2);
    for (const [, gateway] of gateways) {
      const host = new URL(gateway.environment?.['REDIS_URL'] ?? '').hostname;
      expect(compose.services[host], `service ${host}`).toBeDefined();
    }
    expect(compose.services['redis']?.command?.join(' ')).toContain('--appendonly yes');
  });
});

describe('the data workflow', () => {
  const workflow = parse(read('.github/workflows/data.yml')) as {
    on: Record<string, { paths: string[] }>;
    jobs: Record<string, { steps: { run?: string }[] }>;
  };
  const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ?? '').split('\n')));

  it('watches the dataset folder and calls only commands and options the CLI has', async () => {
    for (const trigger of Object.values(workflow.on)) expect(trigger.paths).toEqual(['dataset/**']);
    expect(existsSync(join(ROOT, 'dataset'))).toBe(true);
    const calls = runs.filter((line) => line.includes('bin/cardrewards.js'));
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) await expectCliCall(call);
  });

  it('runs only npm scripts the package has', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const named = runs.flatMap((line) => [...line.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] as string));
    expect(named).toContain('lint:openapi');
    for (const name of named) expect(scripts[name], name).toBeDefined();
  });

  it('records the dataset commit in every build, and builds on top of the live tree so the change history continues', () => {
    const builds = runs.filter((line) => /bin\/cardrewards\.js build /.test(line));
    expect(builds.length).toBeGreaterThanOrEqual(3);
    for (const line of builds) expect(line, line).toMatch(/--dataset-commit "\$\{\{ github\.[a-z_.]*sha[^}]*\}\}"/);
    const live = runs.findIndex((line) => line.includes('ln -sfn "dist.builds/$live" dist'));
    const published = runs.findIndex((line) => line.includes('--out dist '));
    expect(live).toBeGreaterThanOrEqual(0);
    expect(live).toBeLessThan(published);
  });

  it('publishes dist/public and swaps the gateway host to the build named by the build-id file the generator writes', () => {
    expect(runs.join('\n')).toContain('dist/public/');
    expect(runs.join('\n')).toContain(`dist/${BUILD_ID_PATH}`);
    expect(runs.join('\n')).toMatch(/mv -T dist\.next dist/);
  });
});
