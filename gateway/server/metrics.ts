/**
 * Operator metrics in the Prometheus text format (exposition format 0.0.4), kept in plain counters
 * rather than prom-client: a request costs one Map increment and one histogram bucket, with no
 * label objects, no registry look-up and no new dependency. A process's counters are a JSON
 * snapshot, so `serve --workers N` adds the workers' snapshots up in the primary
 * (`mergeSnapshots`) and serves one set of figures.
 */

/** Upper bounds (seconds) of the latency histograms: around the 5 ms p99 goal, then up to the timeouts. */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] as const;

export interface Histogram {
  /** Observations per bucket (not cumulative), one more than `LATENCY_BUCKETS` for +Inf. */
  readonly counts: number[];
  sum: number;
  count: number;
}

/** Everything a process counted, as plain JSON (it crosses the cluster's IPC channel). */
export interface MetricsSnapshot {
  /** `family|tier|status` → requests answered. */
  readonly requests: Record<string, number>;
  readonly latency: Histogram;
  /** tier → calls refused with 429. */
  readonly quotaRefusals: Record<string, number>;
  /** operation → store failures (unreachable, timeout, disk). */
  readonly storeErrors: Record<string, number>;
  /** Counting calls against the store, each one's duration. */
  readonly storeLatency: Histogram;
  /** `method|outcome` → `/mcp` JSON-RPC messages. */
  readonly mcpMessages: Record<string, number>;
  /** method → bytes of `/mcp` answers. */
  readonly mcpAnswerBytes: Record<string, number>;
  /** `tool|outcome` → `/mcp` tool calls. */
  readonly mcpToolCalls: Record<string, number>;
}

export interface Metrics {
  /** One answered request: its route family (`public`, a keyed route id, `built-in` or `none`), the key's tier and the status. */
  observeRequest(family: string, tier: string, status: number, seconds: number): void;
  observeQuotaRefusal(tier: string): void;
  observeStoreError(operation: string): void;
  observeStoreLatency(seconds: number): void;
  /** One `/mcp` message: its method (`mcp-methods.ts` keeps the names few), what became of it, and its answer's bytes. */
  observeMcpMessage(method: string, outcome: string, bytes: number): void;
  /** One `/mcp` tool call: the tool (`other` for a name the server does not have) and its outcome (`pace-messages.ts`). */
  observeMcpToolCall(tool: string, outcome: string): void;
  snapshot(): MetricsSnapshot;
}

const emptyHistogram = (): Histogram => ({ counts: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0), sum: 0, count: 0 });

function observe(histogram: Histogram, seconds: number): void {
  let i = 0;
  while (i < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[i] as number)) i++;
  histogram.counts[i] = (histogram.counts[i] ?? 0) + 1;
  histogram.sum += seconds;
  histogram.count++;
}

const add = (counts: Record<string, number>, key: string, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/** The map `outer` holds under `key`, added empty the first time. */
function inner<K, V extends Map<unknown, unknown>>(outer: Map<K, V>, key: K): V {
  let found = outer.get(key);
  if (found === undefined) {
    found = new Map() as V;
    outer.set(key, found);
  }
  return found;
}

/** A fresh set of counters for this process. */
export function createMetrics(): Metrics {
  // family → tier → status → requests: nothing is built per request (the labels' strings keep their hashes);
  // the `family|tier|status` keys are joined only for a snapshot.
  const requests = new Map<string, Map<string, Map<number, number>>>();
  const latency = emptyHistogram();
  const storeLatency = emptyHistogram();
  const quotaRefusals: Record<string, number> = {};
  const storeErrors: Record<string, number> = {};
  const mcpMessages: Record<string, number> = {};
  const mcpAnswerBytes: Record<string, number> = {};
  const mcpToolCalls: Record<string, number> = {};
  return {
    observeRequest(family, tier, status, seconds) {
      const byStatus = inner(inner(requests, family), tier);
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      observe(latency, seconds);
    },
    observeQuotaRefusal: (tier) => add(quotaRefusals, tier),
    observeStoreError: (operation) => add(storeErrors, operation),
    observeStoreLatency: (seconds) => observe(storeLatency, seconds),
    observeMcpMessage(method, outcome, bytes) {
      add(mcpMessages, `${method}|${outcome}`);
      if (bytes > 0) add(mcpAnswerBytes, method, bytes);
    },
    observeMcpToolCall: (tool, outcome) => add(mcpToolCalls, `${tool}|${outcome}`),
    snapshot: () => ({
      requests: Object.fromEntries(
        [...requests].flatMap(([family, byTier]) =>
          [...byTier].flatMap(([tier, byStatus]) => [...byStatus].map(([status, count]) => [`${family}|${tier}|${status}`, count])),
        ),
      ),
      latency: structuredClone(latency),
      quotaRefusals: { ...quotaRefusals },
      storeErrors: { ...storeErrors },
      storeLatency: structuredClone(storeLatency),
      mcpMessages: { ...mcpMessages },
      mcpAnswerBytes: { ...mcpAnswerBytes },
      mcpToolCalls: { ...mcpToolCalls },
    }),
  };
}

/** The sum of several processes' snapshots (the workers of one gateway). */
export function mergeSnapshots(snapshots: readonly MetricsSnapshot[]): MetricsSnapshot {
  const merged: MetricsSnapshot = {
    requests: {},
    latency: emptyHistogram(),
    quotaRefusals: {},
    storeErrors: {},
    storeLatency: emptyHistogram(),
    mcpMessages: {},
    mcpAnswerBytes: {},
    mcpToolCalls: {},
  };
  const mergeHistogram = (into: Histogram, from: Histogram) => {
    from.counts.forEach((count, i) => {
      into.counts[i] = (into.counts[i] ?? 0) + count;
    });
    into.sum += from.sum;
    into.count += from.count;
  };
  for (const snapshot of snapshots) {
    for (const [key, count] of Object.entries(snapshot.requests)) add(merged.requests, key, count);
    for (const [key, count] of Object.entries(snapshot.quotaRefusals)) add(merged.quotaRefusals, key, count);
    for (const [key, count] of Object.entries(snapshot.storeErrors)) add(merged.storeErrors, key, count);
    for (const [key, count] of Object.entries(snapshot.mcpMessages)) add(merged.mcpMessages, key, count);
    for (const [key, bytes] of Object.entries(snapshot.mcpAnswerBytes)) add(merged.mcpAnswerBytes, key, bytes);
    for (const [key, count] of Object.entries(snapshot.mcpToolCalls)) add(merged.mcpToolCalls, key, count);
    mergeHistogram(merged.latency, snapshot.latency);
    mergeHistogram(merged.storeLatency, snapshot.storeLatency);
  }
  return merged;
}

/** What the metrics say about the build being served. */
export interface BuildFacts {
  readonly id: string;
  /** Seconds since the build was written (its manifest's modification time). */
  readonly ageSeconds: number;
}

/** The Prometheus text exposition of `snapshot` (and of the build, when one is loaded). */
export function renderMetrics(snapshot: MetricsSnapshot, build: BuildFacts | undefined, workers: number): string {
  const lines: string[] = [];
  const family = (name: string, type: string, help: string) => lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  family('cardrewards_requests_total', 'counter', 'Requests answered, by route family, key tier and status.');
  for (const [key, count] of Object.entries(snapshot.requests).sort()) {
    const [route = '', tier = '', status = ''] = key.split('|');
    lines.push(`cardrewards_requests_total{family="${label(route)}",tier="${label(tier)}",status="${status}"} ${count}`);
  }
  histogram(lines, 'cardrewards_request_duration_seconds', 'Time from the request to the end of its answer.', snapshot.latency);
  family('cardrewards_quota_refusals_total', 'counter', 'Calls refused with 429 because a quota was used up, by tier.');
  for (const [tier, count] of Object.entries(snapshot.quotaRefusals).sort())
    lines.push(`cardrewards_quota_refusals_total{tier="${label(tier)}"} ${count}`);
  family(
    'cardrewards_store_errors_total',
    'counter',
    'Key and quota store operations that failed (unreachable, timeout, disk), by operation.',
  );
  for (const [operation, count] of Object.entries(snapshot.storeErrors).sort())
    lines.push(`cardrewards_store_errors_total{operation="${label(operation)}"} ${count}`);
  histogram(lines, 'cardrewards_store_count_duration_seconds', 'Time the store took to count one call.', snapshot.storeLatency);
  family('cardrewards_mcp_messages_total', 'counter', '/mcp JSON-RPC messages, by method and outcome.');
  for (const [key, count] of Object.entries(snapshot.mcpMessages).sort()) {
    const [method = '', outcome = ''] = key.split('|');
    lines.push(`cardrewards_mcp_messages_total{method="${label(method)}",outcome="${label(outcome)}"} ${count}`);
  }
  family('cardrewards_mcp_answer_bytes_total', 'counter', 'Bytes of /mcp answers (JSON-RPC responses), by method.');
  for (const [method, bytes] of Object.entries(snapshot.mcpAnswerBytes).sort())
    lines.push(`cardrewards_mcp_answer_bytes_total{method="${label(method)}"} ${bytes}`);
  family('cardrewards_mcp_tool_calls_total', 'counter', '/mcp tool calls, by tool and outcome (answered, or why not).');
  for (const [key, count] of Object.entries(snapshot.mcpToolCalls).sort()) {
    const [tool = '', outcome = ''] = key.split('|');
    lines.push(`cardrewards_mcp_tool_calls_total{tool="${label(tool)}",outcome="${label(outcome)}"} ${count}`);
  }
  family('cardrewards_workers', 'gauge', 'Processes whose counters these figures add up.');
  lines.push(`cardrewards_workers ${workers}`);
  if (build !== undefined) {
    family('cardrewards_build_info', 'gauge', 'The data build being served (always 1).');
    lines.push(`cardrewards_build_info{build="${label(build.id)}"} 1`);
    family('cardrewards_build_age_seconds', 'gauge', 'Seconds since the build being served was written.');
    lines.push(`cardrewards_build_age_seconds ${Math.max(0, Math.round(build.ageSeconds))}`);
  }
  return `${lines.join('\n')}\n`;
}

function histogram(lines: string[], name: string, help: string, { counts, sum, count }: Histogram): void {
  lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} histogram`);
  let cumulative = 0;
  LATENCY_BUCKETS.forEach((bound, i) => {
    cumulative += counts[i] ?? 0;
    lines.push(`${name}_bucket{le="${bound}"} ${cumulative}`);
  });
  lines.push(`${name}_bucket{le="+Inf"} ${count}`, `${name}_sum ${sum.toFixed(6)}`, `${name}_count ${count}`);
}

/** A label value escaped as the text format requires. */
function label(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
