/**
 * One-paragraph summaries of answers for an assistant: the card, its rate, its value, its
 * conditions and the data date. They read the documents loosely (an answer's shape is checked by
 * the generator's schemas, not here), so a field that is missing is left out of the sentence.
 */

/** A ranked card as best-card, recommend and triple-stack answers list it. */
export interface RankedCard {
  readonly slug: string;
  readonly name: string;
  readonly rank?: number;
  readonly rate?: number;
  readonly value_cents?: number;
  readonly valuation_basis?: string;
  readonly annual_fee?: number;
  readonly conditions?: readonly { readonly note?: string }[];
}

type Doc = Record<string, unknown>;

/** "Card (rank 1): 4x, worth 8 cents per dollar (published valuation), $325 annual fee; conditions: …". */
export function describeCard(card: RankedCard): string {
  const parts = [`${card.name} (${card.slug}${card.rank === undefined ? '' : `, rank ${card.rank}`})`];
  const earns: string[] = [];
  if (card.rate !== undefined) earns.push(`earns ${card.rate}x`);
  if (card.value_cents !== undefined)
    earns.push(`worth ${card.value_cents} cents per dollar${card.valuation_basis ? ` (${card.valuation_basis} valuation)` : ''}`);
  if (card.annual_fee !== undefined) earns.push(`$${card.annual_fee} annual fee`);
  const notes = (card.conditions ?? []).flatMap((condition) => (condition.note ? [condition.note] : []));
  const conditions = notes.length > 0 ? `conditions: ${notes.join('; ')}` : 'no conditions';
  return `${parts.join('')} ${[...earns, conditions].join(', ')}`;
}

/** The subject of a best-card or recommend answer: the merchant, the MCC or the domain. */
function subject(doc: Doc): string {
  const merchant = doc.merchant;
  if (typeof merchant === 'object' && merchant !== null && 'name' in merchant) return String(merchant.name);
  if (typeof doc.merchant_name === 'string') return `${doc.merchant_name}${doc.matched_domain ? ` (${String(doc.matched_domain)})` : ''}`;
  const mcc = doc.mcc;
  if (typeof mcc === 'object' && mcc !== null && 'code' in mcc)
    return `MCC ${String(mcc.code)}${'description' in mcc ? ` (${String(mcc.description)})` : ''}`;
  if (doc.fallback === true) return 'an unknown site (the general online ranking)';
  return 'this purchase';
}

/** The data date: the answer's `evaluated_on`, else the build date. */
function dataDate(doc: Doc, buildDate: string): string {
  return typeof doc.evaluated_on === 'string' ? doc.evaluated_on : buildDate;
}

/** Summary of a best-card or recommend answer (a `best_cards` list). */
export function summariseRanking(doc: Doc, buildDate: string): string {
  const cards = (doc.best_cards ?? []) as readonly RankedCard[];
  const top = cards[0];
  const date = `Data evaluated on ${dataDate(doc, buildDate)}.`;
  if (top === undefined) return `No card is ranked for ${subject(doc)}. ${date}`;
  const next = cards
    .slice(1, 3)
    .map((card) => `${card.name} (${card.value_cents ?? '?'} cents)`)
    .join(', ');
  const from = doc.best_cards_from as { mcc_code?: unknown } | null | undefined;
  const shared =
    from?.mcc_code === undefined ? '' : ` Ranked exactly as its MCC ${String(from.mcc_code)}, whose answer best_cards_from names.`;
  // A merchant answer is for one channel (best-card: at the till; a domain: online); an MCC's names none.
  const paying = typeof doc.channel === 'string' ? ` (paying ${channelWords(doc.channel)})` : '';
  return `Best card for ${subject(doc)}${paying}: ${describeCard(top)}.${next ? ` Next: ${next}.` : ''}${shared} ${date}`;
}

/** Summary of a comparison: each compared card's entry in the ranking, best first, and those not in it. */
export function summariseComparison(doc: Doc, notRanked: readonly string[], buildDate: string): string {
  const cards = (doc.best_cards ?? []) as readonly RankedCard[];
  const ranked = cards.length > 0 ? cards.map((card) => describeCard(card)).join('; ') : 'none of these cards is ranked';
  const missing = notRanked.length > 0 ? ` Not in the ranking: ${notRanked.join(', ')}.` : '';
  return `Compared for ${subject(doc)}: ${ranked}.${missing} Data evaluated on ${dataDate(doc, buildDate)}.`;
}

/** Summary of a triple-stack answer: card, portal and offer, and their total. */
export function summariseTripleStack(doc: Doc, buildDate: string): string {
  const card = doc.card as RankedCard | null | undefined;
  const portal = doc.portal as { portal_name?: string; rate?: number; unit?: string; up_to?: boolean } | null | undefined;
  const offer = doc.offer as { slug?: string } | null | undefined;
  // "Up to" is a ceiling, never a sure part of the total: the words travel with the rate and the total is a range.
  const upTo = portal?.up_to === true;
  const parts = [
    card ? `card ${describeCard(card)}` : 'no card',
    portal
      ? upTo
        ? `portal ${portal.portal_name ?? '?'} at up to ${portal.rate ?? '?'} ${portal.unit ?? ''} (0 to ${String(doc.portal_cents_up_to)} cents: some categories earn less)`
        : `portal ${portal.portal_name ?? '?'} at ${portal.rate ?? '?'} ${portal.unit ?? ''} (${String(doc.portal_cents)} cents)`
      : 'no portal',
    offer ? `offer ${offer.slug ?? '?'} (${String(doc.offer_cents)} cents)` : 'no card-linked offer',
  ];
  const total =
    upTo && doc.total_cents_up_to !== doc.total_cents
      ? `${String(doc.total_cents)} to up to ${String(doc.total_cents_up_to)}`
      : String(doc.total_cents);
  return `Triple stack for ${subject(doc)}: ${parts.join('; ')}; total ${total} cents per dollar on a $${String(doc.purchase_usd)} purchase. Data evaluated on ${dataDate(doc, buildDate)}.`;
}

/** Summary of a card's details. */
export function summariseCard(doc: Doc, buildDate: string): string {
  const bonus = Array.isArray(doc.bonus_categories) && doc.bonus_categories.length > 0 ? doc.bonus_categories.join(', ') : 'none';
  return `${String(doc.name)} (${String(doc.slug)}) by ${String(doc.issuer_name)}: $${String(doc.annual_fee)} annual fee, base rate ${String(doc.base_rate)}x, bonus categories ${bonus}, rewards in ${String(doc.program_name)} at ${String(doc.cents_per_point)} cents per point. Card data as of ${String(doc.as_of ?? buildDate)}.`;
}

/** "in store" or "online": the channel an answer is for, in the words of a sentence. */
function channelWords(channel: string): string {
  return channel === 'online' ? 'online' : 'in store';
}

/**
 * Summary of a ranking from an earn table: for a wallet, its best card there, the next ones, the
 * cards the place refuses and why, and the slugs no card has; for the cards one can get (`best_card`
 * online), the best ones. A card closed to applicants says so.
 */
export function summarisePlaceRanking(
  doc: {
    readonly ranked: readonly (RankedCard & { readonly open_to_applicants?: boolean })[];
    readonly not_accepted: readonly { readonly slug: string; readonly name: string; readonly network: string }[];
    readonly unknown: readonly string[];
    readonly acceptance: { readonly networks: readonly string[]; readonly note: string } | null;
    readonly channel: string;
    readonly evaluated_on: string;
  },
  place: string,
  wallet: boolean,
): string {
  const channel = channelWords(doc.channel);
  const closed = (card: { readonly open_to_applicants?: boolean }) => (card.open_to_applicants === false ? ', closed to applicants' : '');
  const [top, ...rest] = doc.ranked;
  const best =
    top === undefined
      ? `none of ${wallet ? 'your cards' : 'the cards'} is taken ${channel} at ${place}.`
      : `${describeCard(top)}${closed(top)}.`;
  const next =
    rest.length > 0 ? ` Then: ${rest.map((card) => `${card.name} (${card.value_cents ?? '?'} cents${closed(card)})`).join(', ')}.` : '';
  const takes =
    doc.acceptance === null
      ? ''
      : ` (${place} takes only ${doc.acceptance.networks.join(' and ') || 'no credit card'} ${channel}: ${doc.acceptance.note})`;
  const refused =
    doc.not_accepted.length > 0
      ? ` Not taken here: ${doc.not_accepted.map((card) => `${card.name} (${card.network})`).join(', ')}${takes}.`
      : '';
  const unknown = doc.unknown.length > 0 ? ` No card has the slug: ${doc.unknown.join(', ')}.` : '';
  const subject = wallet ? `Best of your cards for ${place}, paying ${channel}` : `Best cards for ${place}, paying ${channel}`;
  return `${subject}: ${best}${next}${refused}${unknown} Data evaluated on ${doc.evaluated_on}.`;
}
