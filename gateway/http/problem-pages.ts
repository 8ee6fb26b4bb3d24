/**
 * The pages behind every problem `type` (`/problems/{code}`) and their index (`/problems`): what
 * each error means and what to do, rendered once from `schemas/problem-types.ts`.
 */
import { PROBLEM_TYPES, type ProblemCode } from '../../schemas/problem-types.ts';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
/** `code` spans in the explanations, after escaping. */
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function page(title: string, body: string): Buffer {
  return Buffer.from(
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)} · cardrewards</title></head><body><main>${body}</main></body></html>\n`,
  );
}

const pages = new Map<string, Buffer>();
const codes = Object.keys(PROBLEM_TYPES) as ProblemCode[];
for (const code of codes) {
  const { status, title, about } = PROBLEM_TYPES[code];
  pages.set(
    `/problems/${code}`,
    page(
      title,
      `<h1>${escapeHtml(title)}</h1><p>HTTP ${status} · <code>${code}</code></p><p>${withCode(about)}</p><p><a href="/problems">All problem types</a></p>`,
    ),
  );
}
pages.set(
  '/problems',
  page(
    'Problem types',
    `<h1>Problem types</h1><p>Every error is an RFC 9457 problem document whose <code>type</code> is one of these.</p><ul>${codes
      .map(
        (code) =>
          `<li><a href="/problems/${code}">${code}</a> (${PROBLEM_TYPES[code].status}): ${escapeHtml(PROBLEM_TYPES[code].title)}</li>`,
      )
      .join('')}</ul>`,
  ),
);

/** The HTML of the problem page at `path`, or undefined. */
export function problemPage(path: string): Buffer | undefined {
  return pages.get(path.replace(/\/$/, ''));
}
