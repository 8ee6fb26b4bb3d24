/** Step 7: the key's tier must reach the route's minimum tier, else 403. */
import { HttpError } from '../http-error.ts';
import type { KeyRecord } from '../key-registry.ts';
import { type ManifestRoute, TIERS, type Tier } from '../parse-manifest.ts';
import type { RouteMatch } from '../build/router.ts';
import type { Exchange } from './exchange.ts';

const TIER_RANK: Readonly<Record<Tier, number>> = Object.fromEntries(TIERS.map((tier, index) => [tier, index])) as Record<Tier, number>;

/** Throws 403 when `key`'s tier is below `route`'s. */
export function checkTier(route: ManifestRoute, key: KeyRecord): void {
  if (TIER_RANK[key.tier] >= TIER_RANK[route.tier]) return;
  throw new HttpError('tier-too-low', `${route.path} needs the ${route.tier} tier or higher; this key is on the ${key.tier} tier.`);
}

/** The step: the authenticated key against the matched route. */
export function authoriseTier(exchange: Exchange): void {
  checkTier((exchange.match as RouteMatch).route, exchange.key as KeyRecord);
}
