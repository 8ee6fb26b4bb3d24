/**
 * `RateLimit-Policy` and `RateLimit` in the structured-field form of the IETF draft
 * (draft-ietf-httpapi-ratelimit-headers): one item per quota policy, `q` the quota, `w` the window
 * in seconds, `r` the remaining calls and `t` the seconds until the window resets. Unlimited
 * windows have no quota to announce and are left out.
 */
import type { Counts, Limits } from './store.ts';

const MONTH_SECONDS = 2_592_000;
const DAY_SECONDS = 86_400;

/** The two headers for a key with `limits` whose counters stand at `counts`. */
export function rateLimitHeaders(limits: Limits, counts: Counts, resetSeconds: { day: number; month: number }): Record<string, string> {
  const policies: string[] = [];
  const states: string[] = [];
  if (limits.monthly !== null) {
    policies.push(`"monthly";q=${limits.monthly};w=${MONTH_SECONDS}`);
    states.push(`"monthly";r=${Math.max(0, limits.monthly - counts.month)};t=${resetSeconds.month}`);
  }
  if (limits.daily !== null) {
    policies.push(`"daily";q=${limits.daily};w=${DAY_SECONDS}`);
    states.push(`"daily";r=${Math.max(0, limits.daily - counts.day)};t=${resetSeconds.day}`);
  }
  return policies.length === 0 ? {} : { 'RateLimit-Policy': policies.join(', '), RateLimit: states.join(', ') };
}

/** Seconds until the exhausted window(s) reset: the later of the two when both are. */
export function retryAfterSeconds(limits: Limits, counts: Counts, resetSeconds: { day: number; month: number }): number {
  const monthExhausted = limits.monthly !== null && counts.month >= limits.monthly;
  const dayExhausted = limits.daily !== null && counts.day >= limits.daily;
  return Math.max(monthExhausted ? resetSeconds.month : 0, dayExhausted ? resetSeconds.day : 0, 1);
}
