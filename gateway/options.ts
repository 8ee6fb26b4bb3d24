/**
 * Every option of `serve` and `start` (and the store options `keys` shares), defined once: its
 * flag, environment variable, default and help. `config.ts` resolves values by these names and
 * words its problems with these flags and variables; `cli/gateway-commands.ts` makes the commander
 * options from the same entries, so a flag, its variable and its default cannot drift apart. This
 * module imports nothing: `--help` stays free of gateway code.
 */

export interface OptionDefinition {
  /** Commander's flag syntax: `--port <n>`, or `--no-demo-key` for a switch that turns a default off. */
  readonly flag: string;
  readonly env: string;
  /** The value when neither flag nor environment gives one; absent when there is none (or it is computed). */
  readonly default?: string;
  /** What `--help` says about the default when it is not a plain value. */
  readonly defaultHelp?: string;
  readonly help: string;
}

export const OPTIONS = {
  redisUrl: {
    flag: '--redis-url <url>',
    env: 'REDIS_URL',
    defaultHelp: 'the embedded state file',
    help: 'keep keys and counters in Redis',
  },
  stateFile: {
    flag: '--state-file <file>',
    env: 'CARDREWARDS_STATE_FILE',
    default: '.cardrewards/state.mdb',
    help: "the embedded store's database file, whatever its name ends with; created when missing",
  },
  stateSync: {
    flag: '--state-sync <mode>',
    env: 'CARDREWARDS_STATE_SYNC',
    default: 'disk',
    help: "when the embedded store's counts reach the disk: disk (synced before each answer) or os (written to the OS, which syncs them later: survives a crash of the gateway, not a power cut)",
  },
  port: { flag: '--port <n>', env: 'PORT', default: '8787', help: 'port to listen on (0 picks a free one)' },
  host: { flag: '--host <host>', env: 'CARDREWARDS_HOST', default: '127.0.0.1', help: 'address to listen on' },
  dist: { flag: '--dist <dir>', env: 'CARDREWARDS_DIST', default: 'dist', help: 'the output tree of `cardrewards build`' },
  limits: {
    flag: '--limits <spec>',
    env: 'CARDREWARDS_LIMITS',
    help: 'monthly[:daily] calls per tier, e.g. free=1000,starter=10000:500,enterprise=unlimited',
  },
  failMode: {
    flag: '--fail-mode <mode>',
    env: 'CARDREWARDS_FAIL_MODE',
    default: 'closed',
    help: 'when the store is unreachable: closed (503) or open (serve uncounted)',
  },
  cacheMb: { flag: '--cache-mb <n>', env: 'CARDREWARDS_CACHE_MB', default: '64', help: 'megabytes of hot files kept in memory' },
  originUrl: {
    flag: '--origin-url <url>',
    env: 'CARDREWARDS_ORIGIN_URL',
    help: 'proxy mode: fetch the manifest and files from this private origin',
  },
  corsOrigin: { flag: '--cors-origin <origin>', env: 'CARDREWARDS_CORS_ORIGIN', default: '*', help: 'Access-Control-Allow-Origin' },
  logLevel: {
    flag: '--log-level <level>',
    env: 'CARDREWARDS_LOG_LEVEL',
    default: 'info',
    help: 'fatal, error, warn, info, debug, trace or silent',
  },
  reloadMs: { flag: '--reload-ms <n>', env: 'CARDREWARDS_RELOAD_MS', default: '1000', help: 'how often to check dist for a new build' },
  metricsPort: {
    flag: '--metrics-port <n>',
    env: 'CARDREWARDS_METRICS_PORT',
    defaultHelp: 'off',
    help: 'serve /metrics (Prometheus text) on this port, apart from the API',
  },
  metricsHost: {
    flag: '--metrics-host <host>',
    env: 'CARDREWARDS_METRICS_HOST',
    default: '127.0.0.1',
    help: 'address of the metrics listener',
  },
  demoKey: {
    flag: '--no-demo-key',
    env: 'CARDREWARDS_DEMO_KEY',
    default: 'true',
    help: 'do not create a demo key when the embedded store has none',
  },
  keyCacheMs: {
    flag: '--key-cache-ms <n>',
    env: 'CARDREWARDS_KEY_CACHE_MS',
    default: '1000',
    help: 'how long a key record is trusted from memory; revocations take effect within it',
  },
  maxConnections: {
    flag: '--max-connections <n>',
    env: 'CARDREWARDS_MAX_CONNECTIONS',
    default: '0',
    help: 'connections a process serves at once (past it a new one replaces the idlest, or gets a 503 when none is idle), 0 for no limit',
  },
  mcp: {
    flag: '--mcp',
    env: 'CARDREWARDS_MCP',
    default: 'false',
    defaultHelp: 'off',
    help: 'serve the MCP tools at /mcp (Streamable HTTP, X-API-Key, each tool call counted as its route); off by default because it is the one path that takes POST bodies and loads the MCP SDK: turn it on where assistants should reach the service',
  },
  workers: {
    flag: '--workers <n>',
    env: 'CARDREWARDS_WORKERS',
    defaultHelp: 'one per core with Redis, 1 with the embedded store',
    help: 'processes serving requests',
  },
} as const satisfies Record<string, OptionDefinition>;

export type OptionName = keyof typeof OPTIONS;

/** The options `keys` commands share with `serve`: where the store is. */
export const STORE_OPTIONS = ['redisUrl', 'stateFile', 'stateSync'] as const satisfies readonly OptionName[];

/** The help line of an option: what it does, its environment variable and its default. */
export function optionHelp(name: OptionName): string {
  const option: OptionDefinition = OPTIONS[name];
  // A negated switch's default is the opposite of what the flag does: not worth saying.
  const fallback = option.flag.startsWith('--no-') ? undefined : (option.defaultHelp ?? option.default);
  return `${option.help} (env ${option.env}${fallback === undefined ? '' : `; default ${fallback}`})`;
}
