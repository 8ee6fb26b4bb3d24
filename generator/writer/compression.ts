/** The fixed compression settings of the precompressed siblings: fixed levels give the same bytes on every build. */
export const COMPRESSION = { brotliQuality: 5, gzipLevel: 6 } as const;
