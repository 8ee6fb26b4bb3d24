/** The gateway's structured logger (pino, JSON lines on stdout). Keys are never logged; hash prefixes are. */
import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/** A logger at `level`; `silent` for tests. */
export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    base: { service: 'cardrewards-gateway' },
    redact: { paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]'], remove: true },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
