/** Small HTTP clients for the gateway tests: a request helper with a bounded pool, and raw request lines. */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
  /** The body parsed as JSON, or undefined. */
  readonly json: unknown;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One request to `base + path` (the path sent exactly as given). */
export function get(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers: options.headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text, json });
        });
        response.on('error', reject);
      },
    );
    request.setTimeout(options.timeoutMs ?? 10_000, () => request.destroy(new Error(`timeout: ${path}`)));
    request.on('error', reject);
    request.end();
  });
}

/** Sends `head` verbatim (request line and headers) and returns the whole response text. */
export function raw(base: string, head: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.write(head.includes('Connection:') ? head : head.replace(/\r\n\r\n$/, '\r\nConnection: close\r\n\r\n'), 'latin1');
  });
}
