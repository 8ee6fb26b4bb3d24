/**
 * Normalisation of request parameters into the exact form the generator used in file names
 * (docs/manifest.md, "Parameter kinds"). Invalid input is a 400 naming the parameter.
 */
import { domainToASCII } from 'node:url';
import { HttpError } from './http-error.ts';
import type { ParamKind } from './manifest.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const MAX_PAGE = 100_000;

/** The normalised value of parameter `name` of kind `kind`; throws a 400 `HttpError` when invalid. */
export function normaliseParam(kind: ParamKind, name: string, raw: string): string {
  const value = NORMALISERS[kind](raw);
  if (value === undefined) throw new HttpError(400, `Parameter "${name}" is not a valid ${kind}: ${DESCRIPTIONS[kind]}.`);
  return value;
}

const NORMALISERS: Record<ParamKind, (raw: string) => string | undefined> = {
  slug(raw) {
    const value = raw.toLowerCase();
    return value.length <= 100 && SLUG.test(value) ? value : undefined;
  },
  mcc(raw) {
    return /^\d{1,4}$/.test(raw) ? raw.padStart(4, '0') : undefined;
  },
  page(raw) {
    if (!/^[1-9]\d{0,5}$/.test(raw)) return undefined;
    return Number(raw) <= MAX_PAGE ? raw : undefined;
  },
  domain(raw) {
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
  },
};

/** An extension often has a page URL at hand, not a host: `https://www.amazon.com/dp/…` means amazon.com. */
function hostOfUrl(raw: string): string | undefined {
  if (!/^https?:\/\//i.test(raw)) return undefined;
  try {
    return new URL(raw).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

const DESCRIPTIONS: Record<ParamKind, string> = {
  slug: 'lower-case letters, digits and single hyphens, at most 100 characters',
  mcc: 'a merchant category code of 1 to 4 digits',
  page: `an integer from 1 to ${MAX_PAGE}`,
  domain: 'a host name such as amazon.com, or an http(s) URL',
};
