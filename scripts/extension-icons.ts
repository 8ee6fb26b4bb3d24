/**
 * `node bin/run-ts.js scripts/extension-icons.ts`: draws the browser extension's icons
 * (extension/icon-{16,32,48,128}.png: a card on the site's green), committed as they are. A PNG
 * writer of a few lines rather than an image dependency; the same code gives the same bytes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { EXTENSION_DIR } from './browser-scripts.ts';

/** The sizes the manifest names (generator/site/extension-package.ts EXTENSION_ICONS). */
const ICON_SIZES = [16, 32, 48, 128] as const;

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of `size`×`size` RGBA pixels, `pixel(x, y)` giving each (coordinates from 0 to 1). */
function png(size: number, pixel: (x: number, y: number) => readonly [number, number, number, number]): Buffer {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  const samples = 4;
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      // 4×4 samples a pixel: smooth edges at 16 px.
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const [r, g, b, a] = pixel((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size);
          sum[0]! += r * a;
          sum[1]! += g * a;
          sum[2]! += b * a;
          sum[3]! += a;
        }
      const at = y * (size * 4 + 1) + 1 + x * 4;
      const alpha = sum[3]! / samples ** 2;
      for (let c = 0; c < 3; c++) rows[at + c] = alpha === 0 ? 0 : Math.round(sum[c]! / sum[3]!);
      rows[at + 3] = Math.round(alpha * 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** Inside a rounded rectangle from (x0, y0) to (x1, y1) with corner radius r. */
const inRounded = (x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number): boolean => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  return dx * dx + dy * dy <= r * r;
};

const GREEN = [27, 94, 32, 1] as const;
const WHITE = [255, 255, 255, 1] as const;
const STRIPE = [20, 40, 22, 1] as const;
const GOLD = [245, 190, 60, 1] as const;
const NONE = [0, 0, 0, 0] as const;

/** The icon: a white card with a dark stripe and a gold chip, on a green rounded square. */
function icon(x: number, y: number): readonly [number, number, number, number] {
  if (!inRounded(x, y, 0, 0, 1, 1, 0.2)) return NONE;
  if (!inRounded(x, y, 0.14, 0.24, 0.86, 0.76, 0.07)) return GREEN;
  if (y > 0.33 && y < 0.43) return STRIPE;
  if (inRounded(x, y, 0.24, 0.52, 0.4, 0.65, 0.025)) return GOLD;
  return WHITE;
}

for (const size of ICON_SIZES) {
  const file = join(EXTENSION_DIR, `icon-${size}.png`);
  writeFileSync(file, png(size, icon));
  console.log(`wrote ${file}`);
}
