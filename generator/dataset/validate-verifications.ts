/**
 * popular_cards.csv and verifications.csv (issue 24): the checks a single row cannot state, and the
 * share of the popular cards' facts that a second, independent source confirms (`validate` prints it).
 */
import { datasetDate } from './dataset-date.ts';
import type { Dataset } from './load-dataset.ts';
import type { Add } from './validate-card-valuations.ts';

/** The facts counted per popular card, besides its active earn rules (foreign_tx_fee may be verified too, it is not counted). */
export const COUNTED_CARD_FACTS = ['annual_fee', 'network', 'program', 'base_rate'] as const;

const hostOf = (address: string): string => {
  try {
    return new URL(address).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return address;
  }
};

const ruleKey = (category: string, validFrom: string | null) => `${category}\u0000${validFrom ?? ''}`;

/**
 * The active cards a page confirms as flat-rate (an agreeing `flat_rate` row), so that `validate` stops listing
 * them among the cards with no bonus rule. A card with rules is not counted (checkVerifications reports the row).
 */
export function confirmedFlatRate(dataset: Dataset): Set<string> {
  const withRules = new Set(dataset.cardRewards.map(({ row }) => row.card));
  return new Set(
    dataset.verifications
      .filter(({ row }) => row.fact === 'flat_rate' && row.agrees === 'yes' && !withRules.has(row.card))
      .map(({ row }) => row.card),
  );
}

/**
 * A rule fact names a rule of its card (category and valid_from, any channel); a card fact names no
 * category or date; a flat_rate fact names a card without earn rules; the verifying page is on another site
 * than the fact's own source. A card is ranked once.
 */
export function checkVerifications(dataset: Dataset, add: Add): void {
  const cards = new Map(dataset.cards.map(({ row }) => [row.slug, row]));
  const rulesOf = new Map<string, Map<string, string[]>>();
  for (const { row } of dataset.cardRewards) {
    const rules = rulesOf.get(row.card) ?? new Map<string, string[]>();
    const key = ruleKey(row.category, row.valid_from);
    rules.set(key, [...(rules.get(key) ?? []), row.source_url]);
    rulesOf.set(row.card, rules);
  }
  for (const { row, line } of dataset.verifications) {
    const card = cards.get(row.card);
    // An unconfirmed mark records a search that found no second source: its page may be the fact's own.
    const independent = row.agrees !== 'unconfirmed';
    if (!independent && row.note === null)
      add('verifications', line, 'note', 'an unconfirmed fact says what was searched; expected a note');
    if (row.fact !== 'rule') {
      const rules = rulesOf.get(row.card);
      // A page saying "no bonus category" about a card whose rows hold bonus rules is a contradiction to settle, not a confirmation.
      if (row.fact === 'flat_rate' && rules)
        add(
          'verifications',
          line,
          'fact',
          `${row.card} has earn rules (${[...new Set([...rules.keys()].map((key) => key.split('\u0000')[0]))].sort().join(', ')}); expected a flat_rate fact only for a card without any`,
        );
      if (row.category !== null) add('verifications', line, 'category', `a ${row.fact} fact names no rule; expected an empty category`);
      if (row.valid_from !== null)
        add('verifications', line, 'valid_from', `a ${row.fact} fact names no rule; expected an empty valid_from`);
      if (independent && card && hostOf(card.source_url) === hostOf(row.verified_by))
        add(
          'verifications',
          line,
          'verified_by',
          `${row.verified_by} is on the same site as the card's source_url; expected an independent second source`,
        );
      continue;
    }
    if (row.category === null) {
      add('verifications', line, 'category', "a rule fact names its rule; expected the rule's category");
      continue;
    }
    if (!card) continue; // an unknown card is reported by the references check
    const rules = rulesOf.get(row.card) ?? new Map<string, string[]>();
    const sources = rules.get(ruleKey(row.category, row.valid_from));
    if (!sources) {
      const sameCategory = [...rules.keys()].filter((key) => key.startsWith(`${row.category}\u0000`));
      const shown = [...rules.keys()].map((key) => key.replace('\u0000', ' from ').replace(/ from $/, '')).sort();
      add(
        'verifications',
        line,
        sameCategory.length > 0 ? 'valid_from' : 'category',
        `${row.card} has no rule in ${row.category}${row.valid_from ? ` valid from ${row.valid_from}` : ' without valid_from'}; expected one of its rules: ${shown.join(', ') || 'none'}`,
      );
      continue;
    }
    if (independent && sources.some((source) => hostOf(source) === hostOf(row.verified_by)))
      add(
        'verifications',
        line,
        'verified_by',
        `${row.verified_by} is on the same site as the rule's source_url; expected an independent second source`,
      );
  }

  const ranked = new Map<string, { rank: number; line: number }>();
  for (const { row, line } of dataset.popularCards) {
    const first = ranked.get(row.card);
    if (first)
      add('popularCards', line, 'card', `${row.card} is ranked already (rank ${first.rank}, line ${first.line}); expected each card once`);
    else ranked.set(row.card, { rank: row.rank, line });
  }
}

/** The facts of one popular active card: whether each has an agreeing second source, or is marked unconfirmed after a search. */
interface CardFacts {
  readonly slug: string;
  readonly facts: readonly { readonly name: string; readonly agreed: boolean; readonly marked: boolean }[];
}

/** One key per verified fact: card, fact, and for a rule its category and valid_from. */
const factKey = (card: string, fact: string, rule = '') => `${card}\u0000${fact}\u0000${rule}`;

/** The popular active cards' facts (fee, network, program, base rate, every active earn rule), in rank order. */
export function popularCardFacts(dataset: Dataset): CardFacts[] {
  const date = datasetDate(dataset);
  const cards = new Map(dataset.cards.map(({ row }) => [row.slug, row]));
  const keysWith = (agrees: string) =>
    new Set(
      dataset.verifications
        .filter(({ row }) => row.agrees === agrees)
        .map(({ row }) => factKey(row.card, row.fact, row.fact === 'rule' ? ruleKey(row.category ?? '', row.valid_from) : '')),
    );
  const agreed = keysWith('yes');
  const unconfirmed = keysWith('unconfirmed');
  const factOf = (name: string, key: string) => ({ name, agreed: agreed.has(key), marked: unconfirmed.has(key) });
  const result: CardFacts[] = [];
  for (const { row } of [...dataset.popularCards].sort((a, b) => a.row.rank - b.row.rank)) {
    if (cards.get(row.card)?.status !== 'active') continue;
    const facts = COUNTED_CARD_FACTS.map((fact) => factOf(fact, factKey(row.card, fact)));
    const rules = new Set<string>();
    for (const { row: rule } of dataset.cardRewards) {
      if (rule.card !== row.card) continue;
      if ((rule.valid_from ?? date) > date || (rule.valid_to ?? date) < date) continue;
      rules.add(ruleKey(rule.category, rule.valid_from));
    }
    for (const key of [...rules].sort()) {
      const [category = '', validFrom = ''] = key.split('\u0000');
      facts.push(factOf(`rule ${category}${validFrom ? ` from ${validFrom}` : ''}`, factKey(row.card, 'rule', key)));
    }
    result.push({ slug: row.card, facts });
  }
  return result;
}

/** The `validate` lines: the share of the popular cards' facts with an agreeing second source, and every disagreement. */
export function verificationSummary(dataset: Dataset): string[] {
  if (dataset.popularCards.length === 0 && dataset.verifications.length === 0) return [];
  const cards = popularCardFacts(dataset);
  const facts = cards.flatMap((card) => card.facts);
  const agreed = facts.filter((fact) => fact.agreed).length;
  const share = facts.length === 0 ? 0 : Math.floor((agreed / facts.length) * 1000) / 10;
  const lines = [
    `popular cards' facts with an agreeing second source (fee, network, program, base rate, every active earn rule of ${cards.length} active cards in popular_cards.csv): ${agreed} of ${facts.length} (${share} %)`,
  ];
  const marked = facts.filter((fact) => !fact.agreed && fact.marked).length;
  lines.push(
    `  marked unconfirmed after a search (agrees=unconfirmed): ${marked}; neither confirmed nor marked: ${facts.length - agreed - marked}`,
  );
  const open = cards.filter((card) => card.facts.some((fact) => !fact.agreed && !fact.marked));
  if (open.length > 0) {
    const shown = open.slice(0, 10).map((card) => `${card.slug} (${card.facts.filter((fact) => !fact.agreed && !fact.marked).length})`);
    lines.push(
      `popular cards with facts neither confirmed nor marked unconfirmed: ${open.length}, most popular first: ${shown.join(', ')}${open.length > shown.length ? ', …' : ''}`,
    );
  }
  const active = new Set(dataset.cards.filter(({ row }) => row.status === 'active').map(({ row }) => row.slug));
  const inactive = dataset.popularCards.filter(({ row }) => !active.has(row.card)).map(({ row }) => row.card);
  if (inactive.length > 0) lines.push(`popular cards that are not active (not counted): ${inactive.join(', ')}`);
  const disagreements = dataset.verifications.filter(({ row }) => row.agrees === 'no');
  lines.push(
    disagreements.length === 0
      ? 'facts a second source contradicts (agrees=no): none'
      : `facts a second source contradicts (agrees=no): ${disagreements.length}`,
  );
  for (const { row, line } of disagreements) {
    const rule = row.fact === 'rule' ? ` ${row.category}${row.valid_from ? ` from ${row.valid_from}` : ''}` : '';
    lines.push(`  ${row.card} ${row.fact}${rule} (verifications.csv:${line}): ${row.note ?? 'no note'}; ${row.verified_by}`);
  }
  return lines;
}
