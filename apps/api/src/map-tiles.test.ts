import { describe, expect, it } from 'vitest';
import { tileOrigin } from './map-tiles.js';

describe('tileOrigin', () => {
  it("answers the tile server's origin, with a wildcard for {s} subdomains", () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com');
    expect(tileOrigin('http://127.0.0.1:5400/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:5400');
  });

  it('refuses other schemes and addresses without the tile numbers', () => {
    expect(tileOrigin('javascript:alert(1)/{z}/{x}/{y}')).toBeNull();
    expect(tileOrigin('https://tile.openstreetmap.org/tile.png')).toBeNull();
    expect(tileOrigin('not a url {z}{x}{y}')).toBeNull();
  });
});
