/** The gateway server's timeouts, defined once: `create-gateway.ts` sets them on the server, `/mcp` reads its body within them. */

/** Milliseconds a client has to send a request's headers; `/mcp` gives its body no longer. */
export const HEADERS_TIMEOUT_MS = 10_000;
