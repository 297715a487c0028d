import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { parseLocationLink, ROUTE_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../../errors.js';

/**
 * Google Maps short links ('https://maps.app.goo.gl/…', 'https://goo.gl/maps/…'), which parents
 * share from WhatsApp, carry no position: the position is in the long link they redirect to. The
 * server follows the redirects itself, and since that means fetching an address a parent typed, it
 * fetches as little as it can: only Google's short-link and Maps hosts, only over HTTPS on the
 * default port, at most three requests, five seconds in all, the answer's headers only (its body
 * is never read), and never an address that resolves to a private, loopback or link-local network.
 */

const MAX_REQUESTS = 3;
const TIME_LIMIT_MS = 5_000;

/** A short link's own host, any path. */
const SHORT_HOST = 'maps.app.goo.gl';
/** goo.gl's links to Maps: only under /maps (goo.gl's other links are not map positions). */
const GOO_GL = 'goo.gl';
/** Where a short link lands: Google Maps (google.com and its country domains, www. and maps.). */
const MAPS_HOST = /^(?:www\.|maps\.)?google\.(?:com|com\.[a-z]{2}|co\.[a-z]{2}|[a-z]{2})$/;

export interface ShortLinkSettings {
  /**
   * Tests only (createServer never reads it from the environment, so production cannot set it): an
   * origin such as 'http://127.0.0.1:4567' that answers for Google's hosts. A request for
   * 'https://maps.app.goo.gl/x' goes to '<origin>/maps.app.goo.gl/x'; every check still applies
   * to the address the link names.
   */
  standInOrigin?: string;
  /** How a host's addresses are found (the system's resolver unless a test names its own). */
  lookup?: (host: string) => Promise<string[]>;
}

/** Whether `link` is a Google Maps short link that the server would follow. */
export function isShortMapLink(link: string): boolean {
  const url = asUrl(link);
  return url !== null && isShortHost(url);
}

function asUrl(link: string): URL | null {
  try {
    return new URL(link.trim());
  } catch {
    return null;
  }
}

function isShortHost(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === SHORT_HOST || (host === GOO_GL && /^\/maps(?:\/|$)/.test(url.pathname));
}

/** A hop may go only to Google's short-link or Maps hosts, by HTTPS, on the default port, without credentials. */
function isAllowedHop(url: URL): boolean {
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  return isShortHost(url) || MAPS_HOST.test(url.hostname.toLowerCase());
}

/** Networks a server-side request must never reach: this host, private networks, link-local (cloud metadata) and the like. */
const PRIVATE_NETWORKS = (() => {
  const list = new BlockList();
  for (const [prefix, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ] as const) {
    list.addSubnet(prefix, bits, 'ipv4');
  }
  // IPv4-mapped IPv6 addresses ('::ffff:10.0.0.1') are checked against the IPv4 rules by BlockList itself.
  for (const [prefix, bits] of [
    ['::', 127],
    ['64:ff9b::', 96],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const) {
    list.addSubnet(prefix, bits, 'ipv6');
  }
  return list;
})();

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE_NETWORKS.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

async function systemLookup(host: string): Promise<string[]> {
  return (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}

function unresolved(): AppError {
  return new AppError('BAD_REQUEST', ROUTE_MESSAGES.shortLinkUnresolved, { locationLink: ROUTE_MESSAGES.shortLinkUnresolved });
}

/**
 * The long link a short map link leads to, with its position readable (parseLocationLink); any
 * other link comes back as it was. A short link that cannot be followed within the rules above,
 * or that leads nowhere with a position, is a 400 with the contract's message.
 */
export async function resolveShortMapLink(link: string, settings: ShortLinkSettings = {}): Promise<string> {
  const given = asUrl(link);
  if (!given || !isShortHost(given)) return link;
  // Nothing is ever fetched over plain HTTP: a pasted 'http://' short link is asked for over HTTPS.
  given.protocol = 'https:';
  const lookup = settings.lookup ?? systemLookup;
  const signal = AbortSignal.timeout(TIME_LIMIT_MS);
  let url = given;
  for (let request = 0; request < MAX_REQUESTS; request++) {
    if (!isAllowedHop(url)) throw unresolved();
    const addresses = await lookup(url.hostname).catch(() => []);
    if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw unresolved();
    const target = settings.standInOrigin ? `${settings.standInOrigin}/${url.hostname}${url.pathname}${url.search}` : url.href;
    let response: Response;
    try {
      response = await fetch(target, { method: 'GET', redirect: 'manual', signal, headers: { accept: 'text/html' } });
    } catch {
      throw unresolved();
    }
    // Headers only: the body is dropped unread, so a large or slow page costs nothing.
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) throw unresolved();
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw unresolved();
    }
    if (!isAllowedHop(next)) throw unresolved();
    if (parseLocationLink(next.href)) return next.href;
    url = next;
  }
  throw unresolved();
}
