/**
 * Rotating quarterly categories in time (design.md §6, "Time is part of the answer"): a card whose
 * published calendar has no quarter in force on the build date would rank at its base rate as if
 * that were the whole story. It still ranks there, the lower bound, but every answer says why.
 */
import type { Model } from './model.ts';
import type { CardRewardRow, CardRow } from '../../schemas/dataset.ts';
import { ruleIsValid } from './ranking.ts';

/** The last day of the newest rotating quarter the dataset holds for the card, or null when it has none in force-or-past. */
function lastKnownQuarterEnd(model: Model, card: CardRow): string | null {
  let last: string | null = null;
  for (const rule of model.rulesByCard.get(card.slug) ?? []) {
    if (rule.selection === 'rotating' && rule.valid_to !== null && (last === null || rule.valid_to > last)) last = rule.valid_to;
  }
  return last;
}

/**
 * True when the card earns in rotating categories but the dataset holds none in force on the
 * build date: its answers then miss this quarter's bonus, whatever it is.
 */
export function rotationUnknown(model: Model, card: CardRow): boolean {
  return rotationUnknownIn(model.rulesByCard.get(card.slug) ?? [], model.date);
}

/** The same test on one card's rules: true when some are rotating and none of those is in force on `date`. */
export function rotationUnknownIn(rules: readonly CardRewardRow[], date: string): boolean {
  let rotating = false;
  for (const rule of rules) {
    if (rule.selection !== 'rotating') continue;
    if (ruleIsValid(rule, date)) return false;
    rotating = true;
  }
  return rotating;
}

/** The note every answer carries for such a card. */
export function rotationUnknownNote(model: Model, card: CardRow): string {
  const last = lastKnownQuarterEnd(model, card);
  const since = last === null ? '' : ` (the newest quarter it holds ended ${last})`;
  // No build date in the note: it would change every answer that lists the card on every new day.
  return `rotating categories: the quarter in force on the build date is not in the dataset${since}; this rate leaves out whatever bonus it gives`;
}
