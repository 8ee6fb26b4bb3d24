/** The checks of card_valuations.csv that a single row cannot state (docs/ranking.md, standalone valuation). */
import type { Dataset } from './load-dataset.ts';
import type { TableDefinition } from './tables.ts';

/** Records one problem at a table's line and column. */
export type Add = (table: TableDefinition['name'], line: number, column: string, message: string) => void;

/**
 * A card that cannot transfer alone names its standalone value and the card it pools with; that
 * card earns the same program and transfers alone. A card that transfers alone needs neither.
 */
export function checkCardValuations(dataset: Dataset, add: Add): void {
  const cards = new Map(dataset.cards.map(({ row }) => [row.slug, row]));
  const alone = new Set(dataset.cardValuations.filter(({ row }) => row.transfers_alone === 'yes').map(({ row }) => row.card));
  for (const { row, line } of dataset.cardValuations) {
    if (row.transfers_alone === 'yes') {
      if (row.standalone_cents_per_point !== null)
        add(
          'cardValuations',
          line,
          'standalone_cents_per_point',
          "a card that transfers alone is worth its program's value; expected an empty field",
        );
      if (row.pooled_with !== null)
        add('cardValuations', line, 'pooled_with', 'a card that transfers alone pools with no other; expected an empty field');
      continue;
    }
    if (row.standalone_cents_per_point === null)
      add(
        'cardValuations',
        line,
        'standalone_cents_per_point',
        'a card that cannot transfer alone needs its own redemption value; expected a number',
      );
    if (row.pooled_with === null) {
      add(
        'cardValuations',
        line,
        'pooled_with',
        'a card that cannot transfer alone needs the card that unlocks transfers; expected a card slug',
      );
      continue;
    }
    const partner = cards.get(row.pooled_with);
    const own = cards.get(row.card);
    if (partner && own && partner.program !== own.program)
      add(
        'cardValuations',
        line,
        'pooled_with',
        `${row.pooled_with} earns ${partner.program}, not ${own.program}; expected a card of the same program`,
      );
    else if (partner && !alone.has(row.pooled_with))
      add(
        'cardValuations',
        line,
        'pooled_with',
        `${row.pooled_with} has no card_valuations row saying it transfers alone; expected a card that does`,
      );
  }
}
