/**
 * What a card and its rates need of the holder beyond the card itself (docs/ranking.md, "What a
 * rate requires"): a paid membership or a way of paying, from `requirements.csv`. A card's own
 * requirement (Costco's card needs a Costco membership) holds for every rate it earns; a rule's
 * (OnePay's 5 % at Walmart needs Walmart+) for that rate only.
 */
import type { Model } from './model.ts';
import type { CardRewardRow, CardRow, RequirementRow } from '../../schemas/dataset.ts';

/** The card's requirement, then the rule's (each at most once), as rows of requirements.csv. */
export function requirementsOf(model: Model, card: CardRow, rule: CardRewardRow | null): RequirementRow[] {
  const slugs = [card.requires, rule?.requires].filter((slug): slug is string => typeof slug === 'string');
  return [...new Set(slugs)].map((slug) => {
    const requirement = model.requirements.get(slug);
    // Validation refuses a reference to a missing requirement, so this is a programming error.
    if (requirement === undefined) throw new Error(`unknown requirement ${slug} (validation should have refused it)`);
    return requirement;
  });
}

/** True when the card itself is for members only (Costco's): every rate it earns is then conditional. A rule's own `requires` is `isConditional`'s. */
export function isCardForMembers(card: CardRow): boolean {
  return typeof card.requires === 'string';
}

/** The yearly price of the paid memberships among `requirements`, each counted once. */
export function membershipFeesUsd(requirements: Iterable<RequirementRow>): number {
  const fees = new Map<string, number>();
  for (const requirement of requirements) {
    if (requirement.kind === 'membership') fees.set(requirement.slug, requirement.annual_fee_usd ?? 0);
  }
  let total = 0;
  for (const fee of fees.values()) total += fee;
  return total;
}

/** The sentence a ranked entry shows for one requirement: what to have, what it costs, where to read about it. */
export function requirementNote(requirement: RequirementRow, ofCard: boolean): string {
  if (requirement.kind === 'payment_method') return `only when paying with ${requirement.name}`;
  const fee = requirement.annual_fee_usd === null ? '' : ` ($${requirement.annual_fee_usd} a year)`;
  const link = requirement.url === null ? '' : `: ${requirement.url}`;
  return ofCard
    ? `the card is for ${requirement.name} members: a paid membership${fee}${link}`
    : `only for ${requirement.name} members: a paid membership${fee}${link}`;
}
