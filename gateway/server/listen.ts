/** Binds a server to its address, or fails with one line naming that address and the options that choose it. */
import type { Server } from 'node:http';
import { GatewayError } from '../errors.ts';
import { OPTIONS, type OptionName } from '../options.ts';

/** What the user is told for the listen errors that are theirs to fix. */
const WHY: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the port is already in use',
  EACCES: 'permission denied',
  EADDRNOTAVAIL: 'no such address on this host',
};

/**
 * Listens on `host:port`. A busy port, a denied one or an address this host lacks rejects with
 * `ERR_LISTEN` naming `host:port` and the options (`portOption`, `hostOption`) that choose another.
 */
export function listen(server: Server, host: string, port: number, portOption: OptionName, hostOption: OptionName): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const why = WHY[error.code ?? ''];
      if (why === undefined) return reject(error);
      const flags = `${flagOf(portOption)}/${flagOf(hostOption)} (${OPTIONS[portOption].env}, ${OPTIONS[hostOption].env})`;
      const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
      reject(new GatewayError('ERR_LISTEN', `cannot listen on ${address}: ${why}; choose another with ${flags}`, { cause: error }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function flagOf(name: OptionName): string {
  return OPTIONS[name].flag.split(' ')[0] ?? name;
}
