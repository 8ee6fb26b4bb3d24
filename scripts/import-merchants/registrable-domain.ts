/** Domain normalisation: a URL or host → the registrable domain (public suffix list, via tldts). */
import { getDomain } from 'tldts';

/** Platforms that host many brands' pages: never a merchant's own domain. */
export const HOST_DOMAINS: ReadonlySet<string> = new Set([
  'facebook.com',
  'instagram.com',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'youtube.com',
  'google.com',
  'goo.gl',
  'linktr.ee',
  'yelp.com',
  'wix.com',
  'wixsite.com',
  'squarespace.com',
  'weebly.com',
  'godaddysites.com',
  'blogspot.com',
  'wordpress.com',
  'myshopify.com',
  'square.site',
  'business.site',
  'tripadvisor.com',
  'tiktok.com',
  'github.io',
  'bit.ly',
  'wikipedia.org',
  'wikidata.org',
  'apple.co',
]);

/** Reduces a URL or host to its registrable domain, or '' when it is not one a merchant can own. */
export function registrableDomain(urlOrHost: string, allowHosts = false): string {
  const trimmed = urlOrHost.trim().toLowerCase();
  if (trimmed === '') return '';
  const host = trimmed.includes('://') ? trimmed : `https://${trimmed}`;
  const domain = getDomain(host) ?? '';
  return HOST_DOMAINS.has(domain) && !allowHosts ? '' : domain;
}

/** Registrable domains, deduplicated; hosting platforms are dropped unless the domain was given by hand. */
export function uniqueDomains(values: readonly string[], byHand = false): string[] {
  const out: string[] = [];
  for (const v of values) {
    const d = registrableDomain(v, byHand);
    if (d !== '' && !out.includes(d)) out.push(d);
  }
  return out;
}
