/** Reads the ZIP files the generator writes (the dataset download), for tests that look inside them. */
import { inflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import { crc32 } from '../../generator/site/internal/zip.ts';

/** Reads a ZIP through its central directory, checking each entry's CRC. */
export function readZip(zip: Buffer): { name: string; bytes: Buffer; dosDate: number }[] {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; bytes: Buffer; dosDate: number }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const dosDate = zip.readUInt16LE(at + 14);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    const bytes = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    expect(crc32(bytes), name).toBe(crc);
    entries.push({ name, bytes, dosDate });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}
