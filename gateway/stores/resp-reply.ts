/**
 * Redis's RESP2 protocol, the two halves the one-server connection (`resp-connection.ts`) needs:
 * a command encoded as one string, and replies parsed straight from the socket's bytes, a reply
 * split across two reads waiting for the rest.
 */

/** What Redis answers: a simple or bulk string, an integer, nil, an error, or an array of these. */
export type Reply = string | number | null | ReplyError | Reply[];

/** An error reply (`-NOSCRIPT …`, `-ERR …`): Redis's answer, not a broken connection. */
export class ReplyError extends Error {
  override readonly name = 'ReplyError';
}

/** A reply Redis cannot have sent: the connection is out of step and must be dropped. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/** `args` as a RESP array of bulk strings. */
export function encodeCommand(args: readonly (string | number)[]): string {
  return `*${args.length}\r\n${encodeArguments(args)}`;
}

/** `args` as RESP bulk strings, without the array's count: a command's fixed head can be encoded once and its tail per call. */
export function encodeArguments(args: readonly (string | number)[]): string {
  let encoded = '';
  for (const arg of args) {
    const text = typeof arg === 'string' ? arg : String(arg);
    encoded += `$${Buffer.byteLength(text)}\r\n${text}\r\n`;
  }
  return encoded;
}

/** What `parseReply` returns when the bytes end before the reply does. */
export const INCOMPLETE = Symbol('incomplete');

/** A complete reply and the offset just past it, where the next reply starts. */
export interface ParsedReply {
  readonly reply: Reply;
  readonly end: number;
}

const CR = 13;
const MINUS = 45;
const ZERO = 48;

/** Parses the reply starting at `start`: it and its end, or INCOMPLETE when the bytes stop before it does. */
export function parseReply(bytes: Buffer, start: number): ParsedReply | typeof INCOMPLETE {
  if (start >= bytes.length) return INCOMPLETE;
  const lineEnd = bytes.indexOf(CR, start + 1);
  // The line must be whole, with its \n.
  if (lineEnd < 0 || lineEnd + 1 >= bytes.length) return INCOMPLETE;
  const next = lineEnd + 2;
  switch (bytes[start]) {
    case 0x3a /* : */:
      return { reply: integerOf(bytes, start + 1, lineEnd), end: next };
    case 0x2b /* + */:
      return { reply: bytes.toString('utf8', start + 1, lineEnd), end: next };
    case 0x2d /* - */:
      return { reply: new ReplyError(bytes.toString('utf8', start + 1, lineEnd)), end: next };
    case 0x24 /* $ */:
      {
        const length = integerOf(bytes, start + 1, lineEnd);
        if (length < 0) return { reply: null, end: next };
        if (next + length + 2 > bytes.length) return INCOMPLETE;
        return { reply: bytes.toString('utf8', next, next + length), end: next + length + 2 };
      }
    case 0x2a /* * */:
      {
        const count = integerOf(bytes, start + 1, lineEnd);
        if (count < 0) return { reply: null, end: next };
        const items: Reply[] = new Array(count);
        let at = next;
        for (let i = 0; i < count; i++) {
          const item = parseReply(bytes, at);
          if (item === INCOMPLETE) return INCOMPLETE;
          items[i] = item.reply;
          at = item.end;
        }
        return { reply: items, end: at };
      }
    default:
      throw new ProtocolError(`unexpected reply type byte ${bytes[start]} from Redis`);
  }
}

/** The decimal integer in `bytes[from, to)`, without building a string. */
function integerOf(bytes: Buffer, from: number, to: number): number {
  const negative = bytes[from] === MINUS;
  let value = 0;
  for (let i = negative ? from + 1 : from; i < to; i++) {
    const digit = (bytes[i] as number) - ZERO;
    if (digit < 0 || digit > 9) throw new ProtocolError('a malformed integer in a Redis reply');
    value = value * 10 + digit;
  }
  return negative ? -value : value;
}
