/** The resident memory of a running process, now and at its peak so far, from procfs (Linux): one reader for the benchmarks and the tests. */
import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  /** VmRSS: resident now, in bytes. */
  readonly rssBytes: number;
  /** VmHWM: the most it has been resident since it started, in bytes. */
  readonly peakBytes: number;
}

export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const kilobytes = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    if (kilobytes === undefined) throw new Error(`no ${name} in /proc/${pid}/status`);
    return Number(kilobytes) * 1024;
  };
  return { rssBytes: field('VmRSS'), peakBytes: field('VmHWM') };
}
