/**
 * A merchant's best-card answer usually carries no list of its own: `best_cards_from` names the
 * MCC answer whose list it is (`docs/api.md`). Summaries and comparisons follow that link, through
 * the same offline answer, so they name the cards the merchant is ranked with.
 */
import type { OfflineAnswer } from '../offline-answer.ts';

type Doc = Record<string, unknown>;

/** `doc` with `best_cards` filled from the answer `best_cards_from` names, when it has no list of its own. */
export async function withRankedList(doc: Doc, answer: (target: string) => Promise<OfflineAnswer>): Promise<Doc> {
  if (Array.isArray(doc.best_cards)) return doc;
  const from = doc.best_cards_from as { href?: unknown } | null | undefined;
  if (typeof from?.href !== 'string') return doc;
  // The link is a path with its query; an absolute URL (a build with a base URL) is reduced to one.
  const link = new URL(from.href, 'http://offline.invalid');
  const reply = await answer(`${link.pathname}${link.search}`);
  if (reply.kind !== 'document') return doc;
  const list = (JSON.parse(reply.bytes.toString('utf8')) as Doc).best_cards;
  return Array.isArray(list) ? { ...doc, best_cards: list } : doc;
}
