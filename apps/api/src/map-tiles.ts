/**
 * The origin the run map's tiles come from, for the Content-Security-Policy's img-src: the tile
 * address's scheme, host and port, with '*.' for a '{s}' subdomain (a.tile..., b.tile...). Null
 * for an address that is not http(s) or lacks {z}, {x} or {y}.
 */
export function tileOrigin(tileUrl: string): string | null {
  if (!['{z}', '{x}', '{y}'].every((part) => tileUrl.includes(part))) return null;
  const subdomains = /^(https?:\/\/)\{s\}\./i.test(tileUrl);
  let url: URL;
  try {
    url = new URL(tileUrl.replace('{s}.', 'subdomain.'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return subdomains ? url.origin.replace('//subdomain.', '//*.') : url.origin;
}
