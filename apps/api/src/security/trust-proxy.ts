import proxyAddr from '@fastify/proxy-addr';

/**
 * Which X-Forwarded-For entries are believed (TRUST_PROXY): none (false), the last N hops (the
 * proxies in front of the server), or those added by the listed proxy addresses and CIDR ranges.
 * Never every hop: the client writes the first entries itself, so trusting them all lets any
 * client choose the address that the request cap, the sign-in throttle, the audit log and the
 * terms acceptance record.
 */
export type TrustProxy = false | number | string[];

export const TRUST_EVERY_HOP_REFUSED =
  'TRUST_PROXY=true would trust every X-Forwarded-For hop, so any client could choose its own address; set the number of proxies in front of the server (e.g. 1) or their addresses.';

/** Reads TRUST_PROXY: false/0/empty, a hop count, or a comma-separated list of addresses and CIDR ranges (or loopback, linklocal, uniquelocal). */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (['', 'false', 'no', '0'].includes(text.toLowerCase())) return false;
  if (['true', 'yes'].includes(text.toLowerCase())) throw new Error(TRUST_EVERY_HOP_REFUSED);
  if (/^\d+$/.test(text)) return Number(text);
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    // The parser Fastify itself uses: what passes here is what Fastify accepts.
    proxyAddr.compile(proxies);
  } catch (error) {
    throw new Error(
      `TRUST_PROXY: ${(error as Error).message}; give false, the number of proxies in front of the server, or their addresses or CIDR ranges separated by commas.`,
    );
  }
  return proxies;
}

/**
 * Fastify's trustProxy option. A hop count becomes a function: Fastify 5 treats a number as
 * trusting nothing. A count believes whoever connects, so the server must be reachable only
 * through its proxies; where it is not, list the proxies' addresses instead.
 */
export function fastifyTrustProxy(trust: TrustProxy | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust ?? false;
}
