import { parseLocationLink, ROUTE_MESSAGES, type LatLng } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { resolveShortMapLink, type ShortLinkSettings } from './short-links.js';

/**
 * Where a pasted map link points: read from the link itself, or, for a Google Maps short link
 * (what WhatsApp shares), from the long link it leads to, followed under short-links.ts's rules.
 * A link that names no position is a 400 with the contract's message; nothing is stored here.
 */
export async function positionOfLink(link: string, settings: ShortLinkSettings): Promise<LatLng> {
  // A link copied without its scheme ('maps.app.goo.gl/…') is the same link.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(link) ? link : `https://${link}`;
  const position = parseLocationLink(link) ?? parseLocationLink(await resolveShortMapLink(withScheme, settings));
  if (!position) throw new AppError('BAD_REQUEST', ROUTE_MESSAGES.shortLinkUnresolved, { link: ROUTE_MESSAGES.shortLinkUnresolved });
  return position;
}
