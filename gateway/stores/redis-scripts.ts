/**
 * The Lua scripts of the Redis quota counter (`redis-quota-counter.ts`), white space collapsed so
 * their SHA does not depend on indentation, and the count's fixed command heads encoded once.
 */
import { createHash } from 'node:crypto';
import { encodeArguments } from './resp-reply.ts';

/**
 * Counts a call in both counters unless either limit is reached (a refused call is not counted).
 * It INCRs first and takes the increments back when a limit is passed: the script is atomic, so no
 * one sees the step between, and the common case (allowed) costs two commands instead of four.
 * A counter's expiry is set when the INCR creates it, to the end of its window; a later count
 * would compute the same end, so it is not set again. ARGV: daily limit, monthly limit (-1 =
 * unlimited), seconds left in the day and in the month, and a deadline (Unix milliseconds).
 * Returns {allowed, day, month}; allowed is -1 when the script ran after its deadline.
 *
 * The deadline: a command that reaches Redis after the gateway gave up on it (a stalled Redis,
 * SIGSTOP, a long network hiccup) must not count a call that was answered 503. The gateway sends
 * its own clock plus the command timeout; the script compares Redis's clock and does nothing when
 * late. Clock skew between the hosts only moves the margin, which `DEADLINE_SLACK_MS` widens.
 *
 * Expiry is relative (EXPIRE, not EXPIREAT): the seconds left are computed from the same `now`
 * that named the window, so a counter lives exactly as long as its window whatever Redis's own
 * clock says, and a test that injects a past or future `now` still sees its counters. A refused
 * call that created a counter deletes it again, so no counter is ever left without an expiry.
 */
export const INCREMENT_SCRIPT = normaliseScript(`
  local clock = redis.call('TIME')
  if tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000) > tonumber(ARGV[5]) then
    return {-1, 0, 0}
  end
  local day = redis.call('INCR', KEYS[1])
  local month = redis.call('INCR', KEYS[2])
  local dailyLimit = tonumber(ARGV[1])
  local monthlyLimit = tonumber(ARGV[2])
  if (dailyLimit >= 0 and day > dailyLimit) or (monthlyLimit >= 0 and month > monthlyLimit) then
    if day == 1 then redis.call('DEL', KEYS[1]) else redis.call('DECR', KEYS[1]) end
    if month == 1 then redis.call('DEL', KEYS[2]) else redis.call('DECR', KEYS[2]) end
    return {0, day - 1, month - 1}
  end
  if day == 1 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
  if month == 1 then redis.call('EXPIRE', KEYS[2], ARGV[4]) end
  return {1, day, month}
`);
export const INCREMENT_SHA = createHash('sha1').update(INCREMENT_SCRIPT).digest('hex');
/** The fixed heads of the count's two forms (10 arguments: command, script or SHA, 2, two keys, five ARGV), encoded once. */
export const EVALSHA_HEAD = `*10\r\n${encodeArguments(['EVALSHA', INCREMENT_SHA, 2])}`;
export const EVAL_HEAD = `*10\r\n${encodeArguments(['EVAL', INCREMENT_SCRIPT, 2])}`;

/** Added to the command timeout in the deadline, for clock skew between the gateway and Redis. */
export const DEADLINE_SLACK_MS = 250;

/** Takes one call back from both counters, never below zero (a counted call whose answer failed). */
export const REFUND_SCRIPT = normaliseScript(`
  for i = 1, 2 do
    if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
  end
  return 1
`);

/** Collapses white space so the script's SHA does not depend on indentation (the script has no comments). */
function normaliseScript(script: string): string {
  return script.replace(/\s+/g, ' ').trim();
}
