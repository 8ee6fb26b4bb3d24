/** Section 6 of dataset/sources/README.md: every domain on at most one merchant. */
import type { Merchant } from './merchant.ts';

/**
 * Makes domains unique across merchants. A domain goes to the one merchant that names it by hand;
 * else to the claimant whose slug, without hyphens, equals the domain's first label; else, when a
 * single merchant claims it, to that one; a domain several brands share with none of them named by it
 * (a parent company's site) goes to nobody. Returns the domains given to nobody, with their claimants.
 */
export function resolveDomains(merchants: readonly Merchant[]): string[] {
  const claims = new Map<string, Merchant[]>();
  for (const m of merchants) for (const d of m.domains) claims.set(d, [...(claims.get(d) ?? []), m]);
  const dropped: string[] = [];
  for (const domain of [...claims.keys()].sort()) {
    const claimants = claims.get(domain) ?? [];
    if (claimants.length < 2) continue;
    const owner = pickOwner(domain, claimants);
    for (const m of claimants) if (m !== owner) m.domains = m.domains.filter((d) => d !== domain);
    if (owner === undefined) dropped.push(`${domain} (${claimants.map((m) => m.slug).join(', ')})`);
  }
  return dropped;
}

function pickOwner(domain: string, claimants: readonly Merchant[]): Merchant | undefined {
  const explicit = claimants.filter((m) => m.explicitDomains);
  if (explicit.length === 1) return explicit[0];
  if (explicit.length > 1) throw new Error(`domain ${domain} is given by hand to ${explicit.map((m) => m.slug).join(', ')}`);
  const label = domain.split('.')[0] ?? '';
  const named = claimants.filter((m) => m.slug.replace(/-/g, '') === label.replace(/-/g, ''));
  return named.length === 1 ? named[0] : undefined;
}
