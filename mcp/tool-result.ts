/**
 * Tool results: a summary and the JSON answer as text, the same answer as `structuredContent` (the
 * tool's output schema describes it); or a tool error carrying the problem's title and detail, and
 * the problem document as `structuredContent`.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RouteAnswer, ToolProblem } from './route-answer.ts';

/** " Left: monthly 997 of 1000 (resets in 428688 s); daily 0 of 3 (resets in 3600 s)." for a problem with RateLimit information. */
function rateLimitText(problem: ToolProblem): string {
  const windows = problem.rate_limit?.windows ?? [];
  if (windows.length === 0) return '';
  // The detail already says when to retry; the windows say what is left of each.
  return ` Left: ${windows.map((window) => `${window.name} ${window.remaining} of ${window.limit} (resets in ${window.reset_seconds} s)`).join('; ')}.`;
}

/** A tool error (`isError`): the assistant sees what was wrong, the server keeps running. */
export function toolError(message: string, problem?: ToolProblem): CallToolResult {
  return {
    isError: true,
    content: [
      {
        type: 'text',
        text: problem ? `${problem.title} (${problem.status} ${problem.code}): ${problem.detail}${rateLimitText(problem)}` : message,
      },
    ],
    ...(problem ? { structuredContent: { ...problem } } : {}),
  };
}

/** A result holding `summary`, then `doc` as JSON text (`json`: its exact bytes, when it has them) and as `structuredContent`. */
export function toolAnswer(doc: Record<string, unknown>, summary: string, json = JSON.stringify(doc)): CallToolResult {
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: json },
    ],
    structuredContent: doc,
  };
}

/** The result for an answer: a problem becomes a tool error; a document is summarised by `summarise`. */
export async function answerResult(
  answer: RouteAnswer,
  summarise: (doc: Record<string, unknown>) => string | Promise<string>,
): Promise<CallToolResult> {
  if (answer.kind === 'problem') return toolError(answer.problem.detail, answer.problem);
  const json = answer.bytes.toString('utf8');
  const doc = JSON.parse(json) as Record<string, unknown>;
  return toolAnswer(doc, await summarise(doc), json);
}
