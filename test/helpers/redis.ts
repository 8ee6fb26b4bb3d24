/**
 * A real `redis-server` for the tests, on a free port, without persistence unless asked. When the
 * binary is missing the Redis tests are skipped locally but fail under CI (`CI` set), so CI can
 * never pass without having run them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

export const HAS_REDIS = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
export const REQUIRE_REDIS = Boolean(process.env['CI']);

export interface TestRedis {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGKILL: a crash, not a clean shutdown) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (with the same data folder, when persistent). */
  start(): Promise<void>;
  /** Sends one command and returns the raw reply (e.g. `SCRIPT FLUSH`). */
  command(...args: string[]): Promise<string>;
  /** Sends a signal to the server process (SIGSTOP freezes it, SIGCONT resumes it). */
  signal(name: NodeJS.Signals): void;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts `redis-server --port N --save "" --appendonly no` (or with an append-only file in `dataDir`, to survive restarts). */
export async function startRedis(options: { dataDir?: string } = {}): Promise<TestRedis> {
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--protected-mode', 'no'];
  args.push(
    ...(options.dataDir === undefined
      ? ['--appendonly', 'no']
      : ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', options.dataDir]),
  );
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', args, { stdio: 'ignore' });
    const deadline = Date.now() + 5000;
    while ((await send(port, ['PING']).catch(() => '')) !== '+PONG\r\n') {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    command: (...command) => send(port, command),
    signal: (name) => void child?.kill(name),
  };
}

/** One RESP command over a fresh connection; resolves with the first reply chunk. */
function send(port: number, command: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => socket.destroy(new Error('timeout')));
    socket.once('error', reject);
    socket.once('data', (data) => {
      resolve(data.toString('utf8'));
      socket.end();
    });
    socket.write(`*${command.length}\r\n${command.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`).join('')}`);
  });
}

export interface TestRedisCluster {
  /** `redis+cluster://` URL of the first node; the client discovers the others. */
  readonly url: string;
  readonly ports: readonly number[];
  stop(): Promise<void>;
}

/** Starts a Redis Cluster of `masters` nodes (no replicas) on free ports, its config files in `dir`, and waits until it serves every slot. */
export async function startRedisCluster(dir: string, masters = 3): Promise<TestRedisCluster> {
  const ports: number[] = [];
  const children: ChildProcess[] = [];
  for (let i = 0; i < masters; i++) {
    const port = await freePort();
    ports.push(port);
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'];
    args.push('--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--dir', dir);
    children.push(spawn('redis-server', args, { stdio: 'ignore' }));
  }
  const stop = async () => {
    await Promise.all(
      children.map((child) => {
        if (child.exitCode !== null) return undefined;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        return exited;
      }),
    );
  };
  try {
    for (const port of ports) await waitFor(async () => (await send(port, ['PING']).catch(() => '')) === '+PONG\r\n', `node ${port}`);
    const nodes = ports.map((port) => `127.0.0.1:${port}`);
    const created = spawnSync('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    for (const port of ports)
      await waitFor(async () => (await send(port, ['CLUSTER', 'INFO'])).includes('cluster_state:ok'), `cluster state on ${port}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis+cluster://127.0.0.1:${ports[0]}`, ports, stop };
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
