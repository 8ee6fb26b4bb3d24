/**
 * A narrow Redis connection for the hot path: every keyed call sends one command (the count
 * script), and a general client's per-command machinery (ioredis builds a `Command` object, a
 * promise, a timer and an argument buffer per call, and parses replies through a general parser)
 * cost about as much CPU as the rest of the request. This connection writes all the commands of
 * one event-loop turn in one `write`, keeps one pending entry per command and one timer for all
 * of them, and parses replies straight from the socket's bytes (`resp-reply.ts`).
 *
 * It keeps the behaviour the store relies on: it fails fast while Redis is unreachable (no queue
 * of commands waiting for a connection), a command not answered within the command timeout fails
 * (its late reply is read and dropped, so the replies stay in step), and it reconnects by itself,
 * quickly at first and never more than a second apart. One server only (`redis://`, `rediss://`,
 * with a user, password and database number); a Cluster or a URL with options keeps ioredis.
 */
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { encodeCommand, INCOMPLETE, parseReply, ProtocolError, type Reply, ReplyError, replyEnd } from './resp-reply.ts';
import { performance } from 'node:perf_hooks';

/** Told a command's outcome: an error (unreachable, timed out, or Redis's own error reply) or the reply. */
export type ReplyCallback = (error: Error | undefined, reply: Reply | undefined) => void;

export interface RespConnectionOptions {
  readonly connectTimeoutMs: number;
  readonly commandTimeoutMs: number;
}

export interface RespConnection {
  /** True once connected (and authenticated) until the connection drops. */
  readonly ready: boolean;
  /** Resolves when the first attempt to connect has succeeded or failed (reconnection goes on either way). */
  readonly opened: Promise<void>;
  /** Sends one command encoded by `encodeCommand`, written with the other commands of this turn. */
  send(command: string, callback: ReplyCallback): void;
  /** Closes for good: pending commands fail and no reconnection follows. */
  close(): void;
}

/** The URLs this connection can serve: one server, no query options. Anything else is left to ioredis. */
export function isPlainServerUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'redis:' || parsed.protocol === 'rediss:') && parsed.search === '' && parsed.hostname !== '';
  } catch {
    return false;
  }
}

interface Pending {
  readonly callback: ReplyCallback;
  /** `performance.now()` after which the command has failed. */
  readonly deadline: number;
  settled: boolean;
}

/** Opens a connection to `url` (see `isPlainServerUrl`); it connects in the background and reconnects after every drop. */
export function createRespConnection(url: string, options: RespConnectionOptions): RespConnection {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port || 6379);
  const handshake: string[] = [];
  if (target.username !== '' || target.password !== '') {
    const password = decodeURIComponent(target.password);
    handshake.push(encodeCommand(target.username === '' ? ['AUTH', password] : ['AUTH', decodeURIComponent(target.username), password]));
  }
  const db = Number(target.pathname.slice(1) || 0);
  if (db !== 0) handshake.push(encodeCommand(['SELECT', db]));

  let socket: Socket | undefined;
  let ready = false;
  let closed = false;
  let failures = 0;
  /** Sent commands awaiting their reply, in order; `head` is the next reply's. */
  let pending: (Pending | undefined)[] = [];
  let head = 0;
  /** Commands before this index have timed out already (their replies are still awaited). */
  let expiredUpTo = 0;
  let timer: NodeJS.Timeout | undefined;
  let unsent = '';
  let flushScheduled = false;
  let rest: Buffer | undefined;
  let settleOpened: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    settleOpened = resolve;
  });

  const fail = (entry: Pending, error: Error) => {
    if (entry.settled) return;
    entry.settled = true;
    entry.callback(error, undefined);
  };

  /** Fails the commands whose deadline has passed, then waits for the next one's. */
  const expire = () => {
    timer = undefined;
    const now = performance.now();
    let index = Math.max(expiredUpTo, head);
    for (; index < pending.length; index++) {
      const entry = pending[index] as Pending;
      if (entry.deadline > now) break;
      fail(entry, new Error(`Redis did not answer within ${options.commandTimeoutMs} ms`));
    }
    expiredUpTo = index;
    armTimer();
  };
  const armTimer = () => {
    const next = pending[Math.max(expiredUpTo, head)];
    if (timer !== undefined || next === undefined) return;
    timer = setTimeout(expire, Math.max(0, next.deadline - performance.now()) + 1);
    timer.unref();
  };

  const flush = () => {
    flushScheduled = false;
    if (unsent === '' || socket === undefined) return;
    socket.write(unsent);
    unsent = '';
  };
  const enqueue = (command: string, callback: ReplyCallback) => {
    pending.push({ callback, deadline: performance.now() + options.commandTimeoutMs, settled: false });
    unsent += command;
    if (!flushScheduled) {
      flushScheduled = true;
      // After the I/O callbacks of this turn: the counts of every request read in it go in one write.
      setImmediate(flush);
    }
    armTimer();
  };

  const deliver = (reply: Reply) => {
    const entry = pending[head];
    if (entry === undefined) throw new ProtocolError('a reply from Redis to no command');
    pending[head] = undefined;
    head++;
    if (head === pending.length) {
      pending = [];
      head = 0;
      expiredUpTo = 0;
    } else if (head > 4096 && head * 2 > pending.length) {
      pending = pending.slice(head);
      expiredUpTo = Math.max(0, expiredUpTo - head);
      head = 0;
    }
    if (entry.settled) return;
    entry.settled = true;
    if (reply instanceof ReplyError) entry.callback(reply, undefined);
    else entry.callback(undefined, reply);
  };

  const onData = (chunk: Buffer) => {
    const bytes = rest === undefined ? chunk : Buffer.concat([rest, chunk]);
    let at = 0;
    try {
      while (at < bytes.length) {
        const reply = parseReply(bytes, at);
        if (reply === INCOMPLETE) break;
        at = replyEnd();
        deliver(reply);
      }
    } catch (error) {
      socket?.destroy(error as Error);
      return;
    }
    rest = at < bytes.length ? Buffer.from(bytes.subarray(at)) : undefined;
  };

  const open = () => {
    const connection =
      target.protocol === 'rediss:'
        ? connectTls({ host, port, ...(isIP(host) === 0 ? { servername: host } : {}) })
        : connectTcp({ host, port });
    socket = connection;
    connection.setNoDelay(true);
    const connectTimer = setTimeout(() => connection.destroy(new Error('connect timeout')), options.connectTimeoutMs);
    connection.once(target.protocol === 'rediss:' ? 'secureConnect' : 'connect', () => {
      clearTimeout(connectTimer);
      if (handshake.length === 0) return becomeReady();
      let answered = 0;
      for (const command of handshake)
        enqueue(command, (error) => {
          if (error !== undefined) connection.destroy(error);
          else if (++answered === handshake.length) becomeReady();
        });
    });
    connection.on('data', onData);
    connection.on('error', () => undefined);
    connection.once('close', () => {
      clearTimeout(connectTimer);
      onClose(connection);
    });
  };
  const becomeReady = () => {
    ready = true;
    failures = 0;
    settleOpened();
  };
  const onClose = (connection: Socket) => {
    if (socket !== connection) return;
    socket = undefined;
    ready = false;
    settleOpened();
    const dropped = pending;
    pending = [];
    head = 0;
    expiredUpTo = 0;
    unsent = '';
    rest = undefined;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const error = new Error('the connection to Redis closed');
    for (const entry of dropped) if (entry !== undefined) fail(entry, error);
    if (closed) return;
    // Reconnect forever, quickly at first, never more than a second apart (as the ioredis client does).
    failures++;
    setTimeout(open, Math.min(failures * 50, 1000)).unref();
  };

  open();
  return {
    get ready() {
      return ready;
    },
    opened,
    send(command, callback) {
      if (!ready) return callback(new Error('the connection to Redis is not ready'), undefined);
      enqueue(command, callback);
    },
    close() {
      closed = true;
      socket?.destroy();
    },
  };
}
