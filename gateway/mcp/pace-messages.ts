/**
 * The messages of one `/mcp` request run one at a time, not all at once as the SDK's transport
 * hands them over: each waits for the one before it to be answered, and the event loop serves
 * other requests in between (`setImmediate`). Their answers are counted in bytes; once a batch's
 * answers reach the ceiling, the messages left are answered with an error and never run, so a
 * tool call past it is not charged. A tool call is also told by its tool and what became of it.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { CHARGED_METHOD, methodLabel, toolLabel, toolOutcome } from './mcp-methods.ts';

/** The JSON-RPC error (a server error code of this gateway) of a message left when its batch's answers reached the ceiling. */
export const ANSWER_CEILING_ERROR = -32010;

/** What became of one message: `answered`, `error` (the server answered an error), `over-ceiling` or `accepted` (a notification). */
export type MessageOutcome = 'answered' | 'error' | 'over-ceiling' | 'accepted';

/** Told of each message once it is done, with its answer's bytes. */
export type ObserveMessage = (method: string, outcome: MessageOutcome, bytes: number) => void;

/** Told of each tool call once it is done: its tool (`toolLabel`) and outcome (`toolOutcome`, or the message's own). */
export type ObserveToolCall = (tool: string, outcome: string) => void;

/** A request's answer as the pacing saw it go out. */
interface Sent {
  readonly bytes: number;
  readonly error: boolean;
  /** What a tool call's result says became of it (`toolOutcome`). */
  readonly toolOutcome: string;
}

/** Puts the pacing between `transport` and the server already connected to it (`server.connect` set its callbacks). */
export function paceMessages(
  transport: Transport,
  answerBytes: number,
  observe: ObserveMessage,
  observeTool: ObserveToolCall = () => undefined,
): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) throw new Error('paceMessages: connect the server to the transport first');
  const send = transport.send.bind(transport);
  const closeServer = transport.onclose;
  /** The request waiting for its answer, by id (a batch names each id once: `screen-messages.ts`). */
  const waiting = new Map<RequestId, (sent: Sent | undefined) => void>();
  let queue = Promise.resolve();
  let spent = 0;
  let closed = false;

  transport.send = (message, options) => {
    const error = isJSONRPCErrorResponse(message);
    if (error || isJSONRPCResultResponse(message)) {
      // The transport writes the answers as one JSON array: each one's own JSON is its share of it.
      const bytes = Buffer.byteLength(JSON.stringify(message));
      spent += bytes;
      const id = message.id as RequestId;
      waiting.get(id)?.({ bytes, error, toolOutcome: error ? 'error' : toolOutcome(message.result) });
      waiting.delete(id);
    }
    return send(message, options);
  };
  transport.onclose = () => {
    // The client left: nothing more is run, and no one waits for an answer that will not come.
    closed = true;
    for (const settle of waiting.values()) settle(undefined);
    waiting.clear();
    closeServer?.();
  };
  transport.onmessage = (message, extra) => {
    // A failure (an answer the closed transport refused) goes where the SDK reports transport errors; the next message still runs.
    queue = queue.then(() => run(message, extra)).catch((error: unknown) => transport.onerror?.(error as Error));
  };

  const run = async (message: JSONRPCMessage, extra: Parameters<NonNullable<Transport['onmessage']>>[1]): Promise<void> => {
    if (closed) return;
    if (!isJSONRPCRequest(message)) {
      deliver(message, extra);
      if ('method' in message) observe(methodLabel(message.method), 'accepted', 0);
      return;
    }
    const method = methodLabel(message.method);
    const tool = message.method === CHARGED_METHOD ? toolLabel(message.params) : undefined;
    if (spent >= answerBytes) {
      observe(method, 'over-ceiling', 0);
      if (tool !== undefined) observeTool(tool, 'over-ceiling');
      const error = {
        code: ANSWER_CEILING_ERROR,
        message: `This batch's answers reached ${Math.round(answerBytes / 1024)} KB, the most one request is answered with; this message was not run (nor charged). Send it in another request.`,
      };
      await send({ jsonrpc: '2.0', id: message.id, error });
      return;
    }
    const answered = new Promise<Sent | undefined>((settle) => waiting.set(message.id, settle));
    deliver(message, extra);
    const sent = await answered;
    if (sent === undefined) return;
    observe(method, sent.error ? 'error' : 'answered', sent.bytes);
    if (tool !== undefined) observeTool(tool, sent.toolOutcome);
    await new Promise((resume) => setImmediate(resume));
  };
}
