/**
 * Draws the cards of a random audit (issue 24, deliver 6): N active cards of `cards.csv`, chosen by a
 * seeded generator so anyone can draw the same cards again. The active slugs are sorted, shuffled
 * with a Fisher-Yates shuffle driven by mulberry32(seed), and the first N are printed with the facts
 * to re-read (fee, network, program, foreign transaction fee, base rate, every rule active on the
 * dataset's date). The audit of 2026-11-25 used the defaults: seed 20261125, 25 cards.
 *
 * Usage: node bin/run-ts.js scripts/audit-sample.ts [--seed 20261125] [--count 25] [--dataset dataset]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';

type Row = Record<string, string>;

/** mulberry32: a small, well-known 32-bit generator; the same seed gives the same sequence everywhere. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first `count` of `items` (sorted) after a seeded Fisher-Yates shuffle. */
export function drawSample(items: readonly string[], seed: number, count: number): string[] {
  const pool = [...items].sort();
  const random = mulberry32(seed);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  return pool.slice(0, count);
}

function readTable(dir: string, file: string): Row[] {
  return parse(readFileSync(join(dir, file), 'utf8'), { columns: true, skip_empty_lines: true, bom: true }) as Row[];
}

function main(): void {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '20261125' },
      count: { type: 'string', default: '25' },
      dataset: { type: 'string', default: 'dataset' },
    },
  });
  const seed = Number(values.seed);
  const count = Number(values.count);
  if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1) throw new Error('expected whole numbers for --seed and --count');
  const cards = readTable(values.dataset, 'cards.csv');
  const rules = readTable(values.dataset, 'card_rewards.csv');
  const date = [...cards, ...rules].map((row) => row['as_of'] ?? '').reduce((a, b) => (b > a ? b : a), '');
  const active = cards.filter((card) => card['status'] === 'active');
  const sample = drawSample(
    active.map((card) => card['slug'] ?? ''),
    seed,
    count,
  );
  console.log(`seed ${seed}: ${sample.length} of ${active.length} active cards (rules active on ${date})`);
  sample.forEach((slug, index) => {
    const card = active.find((row) => row['slug'] === slug) as Row;
    console.log(
      `${index + 1}. ${slug}: fee ${card['annual_fee']}, network ${card['network']}, program ${card['program']}, ` +
        `ftf ${card['foreign_tx_fee'] || '(empty)'}, base ${card['base_rate']} (${card['source_url']})`,
    );
    for (const rule of rules) {
      if (rule['card'] !== slug) continue;
      if ((rule['valid_from'] || date) > date || (rule['valid_to'] || date) < date) continue;
      const cap = rule['cap_usd'] ? ` up to $${rule['cap_usd']}/${rule['cap_period']} then ${rule['rate_after_cap']}` : '';
      console.log(`   rule ${rule['category']} ${rule['rate']}${cap} (${rule['channel']}, ${rule['selection']})`);
    }
  });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();
