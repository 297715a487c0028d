import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { MapSettings } from '@school-transport/contracts';
import { tileOrigin } from '../map-tiles.js';
import { limitRequestsPerAddress } from '../security/request-limit.js';
import { guardTrpcRequests } from '../security/trpc-requests.js';
import { refuseCrossSiteWrites } from '../security/same-origin.js';

export interface SecuritySettings {
  map: MapSettings;
  cookieSecure: boolean;
  requestsPerMinute: number;
  allowedOrigins: readonly string[];
}

/**
 * What every request meets before any route: the security headers, the cap on requests per client
 * address, the guard on tRPC batches and the refusal of other sites' writes. Answers the handler
 * that counts a request no route serves against the cap, if there is one (the not-found handler uses it).
 */
export async function registerSecurity(app: FastifyInstance, settings: SecuritySettings): Promise<preHandlerAsyncHookHandler | undefined> {
  // Helmet's security headers (CSP, HSTS, frame and sniffing rules...) on every answer, errors and static files included.
  // Images from the map's tile server and no other.
  const tiles = tileOrigin(settings.map.tileUrl);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine sets styles inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...(tiles ? [tiles] : [])],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: settings.cookieSecure ? [] : null,
      },
    },
  });
  const countUnmatchedRequest = await limitRequestsPerAddress(app, settings.requestsPerMinute);
  // After the cap, so that refused calls count against it too.
  guardTrpcRequests(app, '/trpc');
  refuseCrossSiteWrites(app, settings.allowedOrigins);
  return countUnmatchedRequest;
}
