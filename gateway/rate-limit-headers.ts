/**
 * `RateLimit-Policy` and `RateLimit` in the structured-field form of the IETF draft
 * (draft-ietf-httpapi-ratelimit-headers): one item per quota policy, `q` the quota, `w` the window
 * in seconds, `r` the remaining calls and `t` the seconds until the window resets. Unlimited
 * windows have no quota to announce and are left out.
 */
import type { RateLimitWindow } from '../schemas/mcp.ts';
import type { Counts, Limits } from './store.ts';

const MONTH_SECONDS = 2_592_000;
const DAY_SECONDS = 86_400;

/** A tier's `RateLimit-Policy`, which depends on its limits only: worked out once per limits object (every counted call sends it). */
const policies = new WeakMap<Limits, string>();

function policyOf(limits: Limits): string {
  let policy = policies.get(limits);
  if (policy === undefined) {
    const items: string[] = [];
    if (limits.monthly !== null) items.push(`"monthly";q=${limits.monthly};w=${MONTH_SECONDS}`);
    if (limits.daily !== null) items.push(`"daily";q=${limits.daily};w=${DAY_SECONDS}`);
    policy = items.join(', ');
    policies.set(limits, policy);
  }
  return policy;
}

/** Puts the two headers on `headers` that state `windows` (rateLimitWindows of a key with `limits`); none for an unlimited tier. */
export function putWindowHeaders(headers: Record<string, string>, limits: Limits, windows: readonly RateLimitWindow[]): void {
  const policy = policyOf(limits);
  if (policy === '') return;
  let state = '';
  for (const window of windows) state += `${state === '' ? '' : ', '}"${window.name}";r=${window.remaining};t=${window.reset_seconds}`;
  headers['RateLimit-Policy'] = policy;
  headers['RateLimit'] = state;
}

/** Puts the two headers on `headers` for a key with `limits` whose counters stand at `counts` (none for an unlimited tier). */
export function putRateLimitHeaders(
  headers: Record<string, string>,
  limits: Limits,
  counts: Counts,
  resetSeconds: { day: number; month: number },
): void {
  putWindowHeaders(headers, limits, rateLimitWindows(limits, counts, resetSeconds));
}

/** The two headers for a key with `limits` whose counters stand at `counts`. */
export function rateLimitHeaders(limits: Limits, counts: Counts, resetSeconds: { day: number; month: number }): Record<string, string> {
  const headers: Record<string, string> = {};
  putRateLimitHeaders(headers, limits, counts, resetSeconds);
  return headers;
}

/** The windows the two headers state for a key with `limits` whose counters stand at `counts`, in their order (unlimited ones left out). */
export function rateLimitWindows(limits: Limits, counts: Counts, resetSeconds: { day: number; month: number }): RateLimitWindow[] {
  const windows: RateLimitWindow[] = [];
  if (limits.monthly !== null)
    windows.push({
      name: 'monthly',
      limit: limits.monthly,
      remaining: Math.max(0, limits.monthly - counts.month),
      reset_seconds: resetSeconds.month,
    });
  if (limits.daily !== null)
    windows.push({
      name: 'daily',
      limit: limits.daily,
      remaining: Math.max(0, limits.daily - counts.day),
      reset_seconds: resetSeconds.day,
    });
  return windows;
}

/** Seconds until the exhausted window(s) reset: the later of the two when both are. */
export function retryAfterSeconds(limits: Limits, counts: Counts, resetSeconds: { day: number; month: number }): number {
  const monthExhausted = limits.monthly !== null && counts.month >= limits.monthly;
  const dayExhausted = limits.daily !== null && counts.day >= limits.daily;
  return Math.max(monthExhausted ? resetSeconds.month : 0, dayExhausted ? resetSeconds.day : 0, 1);
}
