/**
 * What a user would build instead of the gateway, for `npm run bench:gateway` to measure in the
 * same run: express.static over the build folder, behind express-rate-limit with a daily and a
 * monthly limiter per X-API-Key, both counting in Redis through rate-limit-redis.
 *
 *   node bin/run-ts.js scripts/bench/express-baseline.ts PORT DIST REDIS_URL
 */
import express from 'express';
import { rateLimit } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';

const [port = '0', dist = 'dist', redisUrl = 'redis://127.0.0.1:6379'] = process.argv.slice(2);
const redis = new Redis(redisUrl, { enableAutoPipelining: true });
const sendCommand = (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>;

const limiter = (prefix: string, windowMs: number, limit: number) =>
  rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (request) => String(request.headers['x-api-key'] ?? ''),
    store: new RedisStore({ sendCommand, prefix }),
  });

const app = express();
app.disable('x-powered-by');
app.use('/public', express.static(`${dist}/public`));
app.use('/keyed', limiter('day:', 24 * 3600_000, 1_000_000_000), limiter('month:', 31 * 24 * 3600_000, 1_000_000_000));
app.use('/keyed', express.static(`${dist}/keyed`));
app.listen(Number(port), '127.0.0.1', () => console.log(`express baseline on ${port}`));
