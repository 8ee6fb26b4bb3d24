/**
 * `--max-connections`: how many connections a process serves at once. A connection past the limit
 * takes the place of the idlest one (no answer in flight, its client has had time to read the last
 * answer, or to send a first request); when none is idle, its request is answered 503 with
 * `Retry-After` and it is closed. Idle sockets so cannot lock clients out, and a client at the
 * limit learns when to retry instead of seeing a reset. Past twice the limit Node refuses
 * connections outright (a reset): each 503 costs a socket and a parse, and a flood must not grow
 * the process without bound.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError } from '../http-error.ts';
import type { Connections } from './keep-alive.ts';
import { answerProblem, setCorsHeaders } from '../steps/respond.ts';
import { createExchange } from '../steps/exchange.ts';

/** Seconds a client refused at the limit is told to wait. */
const RETRY_AFTER_SECONDS = '1';

export interface ConnectionLimit {
  /** The record `holdConnectionsForReaders` keeps of the server's connections. */
  readonly connections: Connections;
  readonly max: number;
  /** `Access-Control-Allow-Origin` of the 503, as on every answer. */
  readonly corsOrigin: string;
  /** What answers a served connection's requests. */
  readonly handler: RequestListener;
}

/** Keeps `server` to `limit.max` served connections; returns its request listener: the handler for a served connection, the 503 for one past the limit. */
export function limitConnections(server: Server, { connections, max, corsOrigin, handler }: ConnectionLimit): RequestListener {
  server.maxConnections = 2 * max;
  const refused = new WeakSet<Socket>();
  let refusedOpen = 0;
  // Registered after the record's own listener, so `connections` already holds the new socket.
  server.on('connection', (socket: Socket) => {
    if (connections.size - refusedOpen <= max) return;
    const idlest = findIdlest(connections, refused, performance.now());
    if (idlest !== undefined) {
      connections.delete(idlest);
      idlest.destroy();
      return;
    }
    refused.add(socket);
    refusedOpen++;
    socket.once('close', () => refusedOpen--);
  });
  const busy = new HttpError(
    'too-many-connections',
    `This gateway process serves at most ${max} connections at once, and none of them is idle; retry shortly.`,
    { headers: { 'Retry-After': RETRY_AFTER_SECONDS } },
  );
  return (request: IncomingMessage, response: ServerResponse) => {
    if (!refused.has(request.socket)) return handler(request, response);
    const exchange = createExchange(request, response);
    setCorsHeaders(exchange, corsOrigin);
    answerProblem(exchange, busy);
    const answer = exchange.answer;
    if (answer?.kind !== 'bytes') return;
    response.shouldKeepAlive = false;
    response.writeHead(answer.status, { ...exchange.headers, ...answer.headers });
    response.end(request.method === 'HEAD' ? undefined : answer.body);
  };
}

/** The served connection idle the longest (none in flight, idle since the earliest), or undefined when none is idle yet. */
function findIdlest(connections: Connections, refused: WeakSet<Socket>, now: number): Socket | undefined {
  let idlest: Socket | undefined;
  let since = now;
  for (const [socket, state] of connections) {
    if (state.busy > 0 || state.idleFrom > since || refused.has(socket)) continue;
    idlest = socket;
    since = state.idleFrom;
  }
  return idlest;
}
