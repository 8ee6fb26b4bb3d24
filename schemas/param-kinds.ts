/**
 * The kinds of request parameter, shared by the generator (file names), the OpenAPI document
 * (descriptions and schemas) and the gateway (normalising requests into file names): for each
 * kind, what it means, the canonical form's JSON Schema, and how a request's raw value becomes
 * that canonical form (or is refused).
 */
import { domainToASCII } from 'node:url';
import { slug } from './common.ts';

export const PARAM_KINDS = ['slug', 'mcc', 'page', 'domain'] as const;
export type ParamKind = (typeof PARAM_KINDS)[number];

/** Lists are cut into pages of this many items; page numbers above `MAX_PAGE` are refused. */
export const PAGE_SIZE = 100;
export const MAX_PAGE = 100_000;

export interface ParamKindDefinition {
  /** What a valid value looks like, for the docs and for 400 answers. */
  readonly description: string;
  /** The canonical form, as the files are named (OpenAPI parameter schema). */
  readonly schema: Readonly<Record<string, unknown>>;
  /** The canonical form of a request's raw value, or undefined when it cannot be one. */
  readonly normalise: (raw: string) => string | undefined;
}

const SLUG = new RegExp(slug.pattern);
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export const PARAM_KIND_DEFINITIONS: Readonly<Record<ParamKind, ParamKindDefinition>> = {
  slug: {
    description: 'a lower-case slug of letters, digits and single hyphens, at most 100 characters, e.g. chase-sapphire-preferred',
    schema: { type: 'string', pattern: SLUG.source, maxLength: 100 },
    // Upper case is accepted and folded: slugs are case-insensitive names.
    normalise: (raw) => {
      const value = raw.toLowerCase();
      return value.length <= 100 && SLUG.test(value) ? value : undefined;
    },
  },
  mcc: {
    description: 'a merchant category code, four digits (leading zeros may be omitted)',
    schema: { type: 'string', pattern: '^[0-9]{1,4}$' },
    normalise: (raw) => (/^\d{1,4}$/.test(raw) ? raw.padStart(4, '0') : undefined),
  },
  page: {
    description: `page number, an integer from 1 to ${MAX_PAGE} (${PAGE_SIZE} items a page)`,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    normalise: (raw) => (/^[1-9]\d{0,5}$/.test(raw) && Number(raw) <= MAX_PAGE ? raw : undefined),
  },
  domain: {
    description:
      'a host name such as www.amazon.com, or a page URL (its host is used); www., the port and case are ignored, and parent domains are tried',
    schema: { type: 'string', maxLength: 253 },
    normalise: normaliseDomain,
  },
};

function normaliseDomain(raw: string): string | undefined {
  let host = hostOfUrl(raw.trim()) ?? raw.trim().toLowerCase();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
  if (host.length === 0 || host.length > 300 || /[\s/\\?#@\u0000-\u001f]/.test(host)) return undefined;
  host = host.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  // domainToASCII returns '' for anything that is not a valid (IDN) host name.
  host = domainToASCII(host);
  host = host.replace(/^www\./, '');
  const labels = host.split('.');
  if (host.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label))) return undefined;
  return host;
}

/** An extension often has a page URL at hand, not a host: `https://www.amazon.com/dp/…` means amazon.com. */
function hostOfUrl(raw: string): string | undefined {
  if (!/^https?:\/\//i.test(raw)) return undefined;
  try {
    return new URL(raw).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
