/** Tiers, lowest first (docs/api.md, "Tiers"): defined apart so browser code can name them without the manifest's Node-only parts. */
export const TIERS = ['free', 'starter', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];
