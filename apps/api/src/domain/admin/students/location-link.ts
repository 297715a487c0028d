import { resolveShortMapLink, type ShortLinkSettings } from '../../routes/short-links.js';

/**
 * The student's map link as it is stored: a Google Maps short link is replaced by the long link it
 * leads to, which holds the position the run's stops read (stop-locations.ts); any other link is
 * kept as typed. A link already stored is not followed again, so an old short link cannot keep the
 * office from saving the student's other details. Called before the save's transaction: following
 * a link may take seconds, and no row is locked meanwhile.
 */
export async function storedLocationLink(link: string | undefined, settings: ShortLinkSettings, stored?: string | null): Promise<string | undefined> {
  if (!link || link === stored) return link;
  return resolveShortMapLink(link, settings);
}
