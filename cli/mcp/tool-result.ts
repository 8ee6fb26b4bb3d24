/** Tool results: the JSON answer as text plus a summary, or a tool error carrying the problem's title and detail. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ProblemDetails } from '../../gateway/http-error.ts';
import type { OfflineAnswer } from '../offline-answer.ts';

/** A tool error (`isError`): the assistant sees what was wrong, the server keeps running. */
export function toolError(message: string, problem?: ProblemDetails): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: problem ? `${problem.title} (${problem.status} ${problem.code}): ${problem.detail}` : message }],
    ...(problem ? { structuredContent: { ...problem } } : {}),
  };
}

/** A result holding `json` (the exact answer text) and `summary`. */
export function toolAnswer(json: string, summary: string): CallToolResult {
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: json },
    ],
  };
}

/** The result for an offline answer: a problem becomes a tool error; a document is summarised by `summarise`. */
export async function answerResult(
  answer: OfflineAnswer,
  summarise: (doc: Record<string, unknown>) => string | Promise<string>,
): Promise<CallToolResult> {
  if (answer.kind === 'problem') return toolError(answer.problem.detail, answer.problem);
  const json = answer.bytes.toString('utf8');
  return toolAnswer(json, await summarise(JSON.parse(json) as Record<string, unknown>));
}
