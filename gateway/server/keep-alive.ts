/**
 * How long a connection stays open between answers. Node counts the idle time from the moment the
 * last byte of an answer entered the kernel, but megabytes of a large answer can still sit in the
 * two hosts' socket buffers while a slow client reads them: counted from there, a client that sent
 * its next request within the advertised timeout after it had read the answer found the connection
 * closed (ECONNRESET on the call after a 4.7 MB snapshot). So each connection is held for the
 * advertised timeout, plus a margin, after its client could have read the answer at the slowest
 * speed we serve. The same record says which connections are idle, for `connection-limit.ts`.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The idle time clients are told: Node writes `Keep-Alive: timeout=5` from `server.keepAliveTimeout`. */
export const KEEP_ALIVE_MS = 5_000;
/** Held past the advertised time, for a request that crosses the timer on the wire (Node 24's `keepAliveTimeoutBuffer`, on every version). */
const KEEP_ALIVE_MARGIN_MS = 1_000;
/** The slowest reader a connection is held for: 1 Mbit/s. */
export const SLOWEST_READER_BYTES_PER_SECOND = 128 * 1024;
/** A new connection's client has this long to send its first request before the connection counts as idle. */
const FIRST_REQUEST_MS = 1_000;
/** At most what the kernels may still hold of an answer when Node reports it written (Linux's default buffer ceilings, 4 + 6 MiB, rounded up). */
const BUFFERED_BYTES_CEILING = 8 * 1024 * 1024;

/** What is known of one open connection. */
export interface ConnectionState {
  /** Answers started and not yet finished (more than one only when a client pipelines). */
  busy: number;
  /**
   * `performance.now()` from which it counts as idle when no answer is in flight: once its client could
   * have read the last answer, or, before the first, a second after it connected.
   */
  idleFrom: number;
}

/** The open connections of a server, each with its state (`connection-limit.ts` forgets one it closes). */
export type Connections = Map<Socket, ConnectionState>;

/** Milliseconds a client reading at the slowest speed served needs for what may still be buffered of an answer of `bytes`. */
export function readingTimeMs(bytes: number): number {
  return (Math.min(bytes, BUFFERED_BYTES_CEILING) / SLOWEST_READER_BYTES_PER_SECOND) * 1000;
}

/** Where a response keeps its socket's byte count when it started. */
const BYTES_BEFORE = Symbol('bytesBefore');
type TrackedResponse = ServerResponse & { [BYTES_BEFORE]?: number };

/**
 * Tells clients `KEEP_ALIVE_MS` and holds each connection that long (plus the margin) after its
 * client could have read its last answer; returns the live record of the server's connections.
 */
export function holdConnectionsForReaders(server: Server): Connections {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // What Node arms after an answer when it keeps the connection: the keep-alive timeout plus a buffer
  // (none in older releases, 1 s built in since, `server.keepAliveTimeoutBuffer` from Node 24.6).
  const nodeBuffer = (server as { keepAliveTimeoutBuffer?: number }).keepAliveTimeoutBuffer ?? 1_000;
  const armedByNode = (timeout: number | undefined) =>
    timeout !== undefined && timeout >= KEEP_ALIVE_MS && timeout <= KEEP_ALIVE_MS + nodeBuffer;
  const connections = new Map<Socket, ConnectionState>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleFrom: performance.now() + FIRST_REQUEST_MS });
    socket.once('close', () => connections.delete(socket));
  });
  // One listener function for every response (no closure per request). 'close' comes after Node's 'finish'
  // listener armed its keep-alive timer, and also when the client left before the end.
  const answered = function (this: TrackedResponse): void {
    const socket = this.req.socket;
    const bytes = socket.bytesWritten - (this[BYTES_BEFORE] ?? 0);
    const state = connections.get(socket);
    if (state !== undefined) {
      state.busy = Math.max(0, state.busy - 1);
      state.idleFrom = performance.now() + readingTimeMs(bytes);
    }
    // Only the timer Node armed for keep-alive is replaced: there is none when the connection closes, and a
    // request that arrived since has cleared it.
    if (!socket.destroyed && armedByNode(socket.timeout)) socket.setTimeout(KEEP_ALIVE_MS + KEEP_ALIVE_MARGIN_MS + readingTimeMs(bytes));
  };
  // Before the gateway's handler, which may write a whole answer synchronously.
  server.prependListener('request', (request: IncomingMessage, response: TrackedResponse) => {
    response[BYTES_BEFORE] = request.socket.bytesWritten;
    const state = connections.get(request.socket);
    if (state !== undefined) state.busy++;
    response.on('close', answered);
  });
  return connections;
}
