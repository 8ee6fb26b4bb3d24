/**
 * A merchant ranked exactly as its MCC names that MCC's answer in `best_cards_from`, and carries
 * at most the first cards of the list itself (`docs/api.md`, `docs/ranking.md`). Summaries and
 * comparisons follow the link, through the same request steps, so they see the whole list (a
 * compared card ranked 20th is in it).
 */
import type { AnswerRequest } from './route-answer.ts';

type Doc = Record<string, unknown>;

/** `doc` with `best_cards` taken from the answer `best_cards_from` names, when it names one. */
export async function withRankedList(doc: Doc, follow: AnswerRequest): Promise<Doc> {
  const from = doc.best_cards_from as { href?: unknown } | null | undefined;
  if (typeof from?.href !== 'string') return doc;
  // The link is a path with its query; an absolute URL (a build with a base URL) is reduced to one.
  const link = new URL(from.href, 'http://offline.invalid');
  const reply = await follow(`${link.pathname}${link.search}`);
  if (reply.kind !== 'document') return doc;
  const list = (JSON.parse(reply.bytes.toString('utf8')) as Doc).best_cards;
  return Array.isArray(list) ? { ...doc, best_cards: list } : doc;
}
