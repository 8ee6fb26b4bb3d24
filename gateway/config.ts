/**
 * Gateway configuration, resolved once at start-up: defaults, then environment, then flags.
 * Every value is checked and all problems are reported together with what is allowed; the result
 * is a frozen object, so request handlers never read `process.env`.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { GatewayError } from './errors.ts';
import { TIERS, type Tier } from './parse-manifest.ts';
import type { Limits } from './store.ts';
import { maskUrl } from './mask-url.ts';
import { OPTIONS, type OptionName } from './options.ts';

export type FailMode = 'closed' | 'open';
/**
 * When the embedded store's counts reach the disk: `disk` syncs every group of counts before their
 * answers are sent (they survive a power cut); `os` hands them to the operating system, which writes
 * them back within its usual delay (they survive the gateway crashing or being killed, not a power
 * cut or a kernel crash: the guarantee Redis gives with its default `appendfsync everysec`).
 */
export const STATE_SYNC_MODES = ['disk', 'os'] as const;
export type StateSync = (typeof STATE_SYNC_MODES)[number];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface GatewayConfig {
  readonly port: number;
  readonly host: string;
  /** The output tree (usually a link to `<dist>.builds/<id>`). */
  readonly distDir: string;
  readonly redisUrl: string | undefined;
  /** The embedded store's file, used when there is no Redis URL. */
  readonly stateFile: string;
  /** When the embedded store's counts reach the disk. */
  readonly stateSync: StateSync;
  readonly limits: Readonly<Record<Tier, Limits>>;
  /** What keyed requests get while the store is unreachable: 503 (closed) or served uncounted (open). */
  readonly failMode: FailMode;
  /** Bytes of hot files kept in memory. */
  readonly cacheBytes: number;
  /** Proxy mode: files are fetched from this private origin instead of the local tree. */
  readonly originUrl: string | undefined;
  readonly corsOrigin: string;
  readonly logLevel: LogLevel;
  /** How often the `dist` link is re-checked for a new build. */
  readonly reloadIntervalMs: number;
  /** Create and print a demo key when the embedded store has no keys. */
  readonly demoKey: boolean;
  /** How long a key record is trusted from memory; a revocation reaches every process within this time. */
  readonly keyCacheMs: number;
  /** Processes serving requests (node:cluster); 1 serves from this process. */
  readonly workers: number;
  /** Open connections a process accepts at once; 0 for no limit. */
  readonly maxConnections: number;
  /** Where `/metrics` is served (Prometheus text), apart from the API; undefined: no metrics. */
  readonly metricsPort: number | undefined;
  readonly metricsHost: string;
  /** Serve the MCP tools at `/mcp`. */
  readonly mcp: boolean;
}

/** Raw option values by name, as flags or environment give them. */
export type RawOptions = Readonly<Partial<Record<OptionName, string | boolean | undefined>>>;

/** Redis URLs: one server, or a Redis Cluster reached through one of its nodes (`redis+cluster://host:port`). */
export const REDIS_SCHEMES = ['redis:', 'rediss:', 'redis+cluster:', 'rediss+cluster:'] as const;

/** Which environment variable feeds which option (from `options.ts`). */
export const ENVIRONMENT: Readonly<Record<OptionName, string>> = Object.fromEntries(
  Object.entries(OPTIONS).map(([name, option]) => [name, option.env]),
) as Record<OptionName, string>;

/** Monthly and daily limits of docs/api.md, "Limits" (daily: a tenth of monthly); enterprise is unlimited. */
export const DEFAULT_LIMITS: Readonly<Record<Tier, Limits>> = {
  free: { monthly: 1_000, daily: 100 },
  starter: { monthly: 10_000, daily: 1_000 },
  pro: { monthly: 100_000, daily: 10_000 },
  enterprise: { monthly: null, daily: null },
};

/** Each option's default (from `options.ts`); options without one are absent. */
const DEFAULTS: Readonly<Partial<Record<OptionName, string>>> = Object.fromEntries(
  Object.entries(OPTIONS).flatMap(([name, option]) => ('default' in option ? [[name, option.default]] : [])),
);

/** Merges defaults, environment and flags (flags win) into a frozen config; throws `ERR_CONFIG_INVALID` listing every problem. */
export function resolveConfig(
  flags: RawOptions,
  env: NodeJS.ProcessEnv,
  cwd = process.cwd(),
  cores = availableParallelism(),
): GatewayConfig {
  const raw = (name: OptionName): string | undefined => {
    const flag = flags[name];
    if (flag !== undefined) return String(flag);
    const fromEnv = env[ENVIRONMENT[name]];
    if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
    return DEFAULTS[name];
  };
  const problems: string[] = [];
  const integer = (name: OptionName, min: number, max: number): number => {
    const value = raw(name) ?? '';
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      problems.push(`${describe(name)} is ${JSON.stringify(value)}; allowed: an integer from ${min} to ${max}`);
      return min;
    }
    return Number(value);
  };
  const oneOf = <T extends string>(name: OptionName, allowed: readonly T[]): T => {
    const value = raw(name) ?? '';
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(`${describe(name)} is ${JSON.stringify(value)}; allowed: ${allowed.join(', ')}`);
    return allowed[0] as T;
  };
  const url = (name: OptionName, schemes: readonly string[]): string | undefined => {
    const value = raw(name);
    if (value === undefined) return undefined;
    try {
      const parsed = new URL(value);
      if (schemes.includes(parsed.protocol)) return value.replace(/\/+$/, '');
    } catch {
      // reported below
    }
    problems.push(`${describe(name)} is not a valid URL; allowed: ${schemes.map((s) => `${s}//…`).join(' or ')}`);
    return undefined;
  };

  const host = raw('host') ?? '';
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host))
    problems.push(`${describe('host')} is ${JSON.stringify(host)}; allowed: a host name or IP address`);
  const corsOrigin = raw('corsOrigin') ?? '*';
  if (corsOrigin !== '*' && !/^https?:\/\/[^\s/]+$/.test(corsOrigin))
    problems.push(`${describe('corsOrigin')} is ${JSON.stringify(corsOrigin)}; allowed: * or one origin such as https://app.example.com`);

  const metricsHost = raw('metricsHost') ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(metricsHost))
    problems.push(`${describe('metricsHost')} is ${JSON.stringify(metricsHost)}; allowed: a host name or IP address`);
  const config: GatewayConfig = {
    port: integer('port', 0, 65_535),
    host,
    distDir: resolve(cwd, raw('dist') ?? OPTIONS.dist.default),
    redisUrl: url('redisUrl', REDIS_SCHEMES),
    stateFile: resolve(cwd, raw('stateFile') ?? OPTIONS.stateFile.default),
    stateSync: oneOf('stateSync', STATE_SYNC_MODES),
    limits: parseLimits(raw('limits'), problems),
    failMode: oneOf('failMode', ['closed', 'open'] as const),
    cacheBytes: integer('cacheMb', 0, 65_536) * 1024 * 1024,
    originUrl: url('originUrl', ['http:', 'https:']),
    corsOrigin,
    logLevel: oneOf('logLevel', LOG_LEVELS),
    reloadIntervalMs: integer('reloadMs', 50, 3_600_000),
    demoKey: oneOf('demoKey', ['true', 'false'] as const) === 'true',
    keyCacheMs: integer('keyCacheMs', 0, 60_000),
    // By default one worker per core with Redis; one with the embedded store (a demo or a small host), which can take more.
    maxConnections: integer('maxConnections', 0, 1_000_000),
    workers: raw('workers') === undefined ? (raw('redisUrl') === undefined ? 1 : cores) : integer('workers', 1, 256),
    metricsPort: raw('metricsPort') === undefined ? undefined : integer('metricsPort', 0, 65_535),
    metricsHost,
    mcp: oneOf('mcp', ['true', 'false'] as const) === 'true',
  };
  if (problems.length > 0) throw new GatewayError('ERR_CONFIG_INVALID', `invalid configuration:\n  ${problems.join('\n  ')}`);
  return Object.freeze({ ...config, limits: Object.freeze(config.limits) });
}

function describe(name: OptionName): string {
  const flag = (OPTIONS[name].flag.split(' ')[0] ?? '').replace(/^--no-/, '--');
  return `${flag} (${ENVIRONMENT[name]})`;
}

/**
 * `free=1000,starter=10000:500,enterprise=unlimited`: monthly[:daily] per tier; tiers left out keep
 * their defaults and a missing daily limit is a tenth of the monthly one.
 */
function parseLimits(value: string | undefined, problems: string[]): Record<Tier, Limits> {
  const limits: Record<Tier, Limits> = { ...DEFAULT_LIMITS };
  if (value === undefined) return limits;
  const allowed = `tier=monthly[:daily] items separated by commas, tier one of ${TIERS.join(', ')}, each limit a positive integer or "unlimited"`;
  for (const item of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)=(\d+|unlimited)(?::(\d+|unlimited))?$/.exec(item);
    const tier = match?.[1] as Tier | undefined;
    if (!match || tier === undefined || !(TIERS as readonly string[]).includes(tier)) {
      problems.push(`--limits (${ENVIRONMENT.limits}) item ${JSON.stringify(item)} is invalid; allowed: ${allowed}`);
      continue;
    }
    const monthly = match[2] === 'unlimited' ? null : Number(match[2]);
    const daily =
      match[3] === undefined
        ? monthly === null
          ? null
          : Math.max(1, Math.floor(monthly / 10))
        : match[3] === 'unlimited'
          ? null
          : Number(match[3]);
    if (monthly === 0 || daily === 0)
      problems.push(
        `--limits (${ENVIRONMENT.limits}) item ${JSON.stringify(item)}: a limit of 0 would refuse every call; allowed: ${allowed}`,
      );
    limits[tier] = { monthly, daily };
  }
  return limits;
}

/** Printable lines of the configuration, the Redis password masked. */
export function formatConfig(config: GatewayConfig): string[] {
  const limit = (value: number | null) => (value === null ? 'unlimited' : String(value));
  return [
    `listen       ${config.host}:${config.port}`,
    `dist         ${config.distDir}`,
    `store        ${config.redisUrl === undefined ? `embedded (${config.stateFile}, synced to the ${config.stateSync === 'disk' ? 'disk' : 'OS'})` : `redis (${maskUrl(config.redisUrl)})`}`,
    `origin       ${config.originUrl === undefined ? '(none: files are read from dist)' : maskUrl(config.originUrl)}`,
    `limits       ${TIERS.map((tier) => `${tier} ${limit(config.limits[tier].monthly)}/month ${limit(config.limits[tier].daily)}/day`).join(', ')}`,
    `fail mode    ${config.failMode}`,
    `file cache   ${Math.round(config.cacheBytes / 1024 / 1024)} MB`,
    `cors origin  ${config.corsOrigin}`,
    `log level    ${config.logLevel}`,
    `key cache    ${config.keyCacheMs} ms`,
    `workers      ${config.workers}`,
    `connections  ${config.maxConnections === 0 ? 'no limit' : `at most ${config.maxConnections} per process`}`,
    `mcp          ${config.mcp ? '/mcp (Streamable HTTP)' : 'off (--mcp to serve /mcp)'}`,
    `metrics      ${config.metricsPort === undefined ? 'off (--metrics-port to serve /metrics)' : `${config.metricsHost}:${config.metricsPort}/metrics`}`,
  ];
}
