import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ShortLinkSettings } from '../domain/routes/short-links.js';

/** Google's public address for a host the tests do not say otherwise about. */
const PUBLIC_ADDRESS = '142.250.180.14';

export interface MapLinksStandIn {
  /** The server's settings that send Google's hosts here and look addresses up in `addresses`. */
  settings: ShortLinkSettings;
  /** Each request received, as 'host/path?query' (the address the server meant to fetch). */
  requests: string[];
  /** What a host resolves to; unlisted hosts resolve to a public address. */
  addresses: Map<string, string[]>;
  close(): Promise<void>;
}

/**
 * A local stand-in for Google's short-link and Maps hosts (tests never reach the internet): a
 * request for 'https://maps.app.goo.gl/x' arrives as '/maps.app.goo.gl/x' and is answered by
 * `answers`, keyed by that 'host/path'. Unknown paths get 404.
 */
export async function startMapLinksStandIn(answers: Record<string, (res: ServerResponse, req: IncomingMessage) => void>): Promise<MapLinksStandIn> {
  const requests: string[] = [];
  const addresses = new Map<string, string[]>();
  const server = createServer((req, res) => {
    const asked = (req.url ?? '/').slice(1);
    requests.push(asked);
    const answer = answers[asked.split('?')[0]!];
    if (answer) answer(res, req);
    else res.writeHead(404).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    settings: { standInOrigin: `http://127.0.0.1:${port}`, lookup: async (host) => addresses.get(host) ?? [PUBLIC_ADDRESS] },
    requests,
    addresses,
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

/** A redirect to `location`. */
export const redirectTo =
  (location: string, status = 302) =>
  (res: ServerResponse) =>
    res.writeHead(status, { location }).end();
