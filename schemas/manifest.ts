/**
 * `dist/manifest.json`, the contract between the generator and the gateway (docs/manifest.md):
 * one schema that the generator checks before writing and the gateway checks on load, and the
 * tier and parameter-kind lists both sides share.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { PARAM_KINDS } from './param-kinds.ts';

import { TIERS } from './tiers.ts';

export { TIERS, type Tier } from './tiers.ts';

export { PARAM_KINDS, type ParamKind } from './param-kinds.ts';

export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** A file key names a plain relative path under `public/` or `keyed/`: never `..`, `.`, `\`, NUL or an empty segment. */
export const SAFE_FILE_KEY = '^(public|keyed)(/(?!\\.\\.?(/|$))[A-Za-z0-9._~@+-]+)+$';

const paramKinds = { type: 'object', additionalProperties: { enum: PARAM_KINDS } } as const;

export const manifestFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['size', 'etag', 'type'],
  properties: {
    size: { type: 'integer', minimum: 0 },
    etag: { type: 'string', pattern: '^"[^"]+"$' },
    type: { type: 'string', minLength: 1 },
    encodings: { type: 'array', items: { enum: ENCODINGS }, uniqueItems: true },
  },
} as const;

export const variantSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['query', 'optional', 'file'],
  properties: {
    query: paramKinds,
    optional: paramKinds,
    // A keyed route may answer from a public file (the earn tables): one copy of the bytes, with a key or without.
    file: { type: 'string', pattern: '^(keyed|public)/' },
    lookup: { const: 'domain-suffix' },
    // Like `file`, a template: it may name the variant's parameters other than the looked-up one.
    fallback: { type: 'string', pattern: '^(keyed|public)/' },
  },
} as const;

export const routeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'path', 'tier', 'params', 'variants'],
  properties: {
    id: { type: 'string', minLength: 1 },
    path: { type: 'string', pattern: '^/' },
    tier: { enum: TIERS },
    summary: { type: 'string' },
    schema: { type: 'string' },
    params: paramKinds,
    dynamic: { const: 'usage' },
    variants: { type: 'array', items: variantSchema },
  },
} as const;

export const manifestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'build', 'date', 'files', 'routes'],
  properties: {
    version: { const: 1 },
    build: { type: 'string', minLength: 1 },
    date: { type: 'string', format: 'date' },
    files: { type: 'object', propertyNames: { pattern: SAFE_FILE_KEY }, additionalProperties: manifestFileSchema },
    routes: { type: 'array', items: routeSchema },
  },
} as const;

export type ManifestFile = FromSchema<typeof manifestFileSchema>;
export type ManifestVariant = FromSchema<typeof variantSchema>;
export type ManifestRoute = FromSchema<typeof routeSchema>;
export type Manifest = FromSchema<typeof manifestSchema>;
