import { describe, expect, it } from 'vitest';
import { distanceMetres, median, orderByDistance, parseLocationLink, stopAddressKey } from './routes.js';

describe('parseLocationLink', () => {
  it("reads Google Maps' ?q= and @ forms", () => {
    expect(parseLocationLink('https://www.google.com/maps?q=26.2235,50.5876')).toEqual({ lat: 26.2235, lng: 50.5876 });
    expect(parseLocationLink('https://maps.google.com/?q=loc:26.2235,50.5876')).toEqual({ lat: 26.2235, lng: 50.5876 });
    expect(parseLocationLink('https://www.google.com/maps/place/Manama/@26.2235,50.5876,17z/data=!3m1')).toEqual({ lat: 26.2235, lng: 50.5876 });
    expect(parseLocationLink('google.com/maps/@26.1,50.6,15z')).toEqual({ lat: 26.1, lng: 50.6 });
  });

  it("reads Apple Maps' ?ll= and ?q= forms", () => {
    expect(parseLocationLink('https://maps.apple.com/?ll=26.2235,50.5876&q=Home')).toEqual({ lat: 26.2235, lng: 50.5876 });
    expect(parseLocationLink('https://maps.apple.com/?q=26.2235,50.5876')).toEqual({ lat: 26.2235, lng: 50.5876 });
  });

  it('answers null for links without coordinates or out of range', () => {
    expect(parseLocationLink('https://maps.app.goo.gl/AbCdEf123')).toBeNull();
    expect(parseLocationLink('https://www.google.com/maps?q=City+Centre+Bahrain')).toBeNull();
    expect(parseLocationLink('https://www.google.com/maps?q=126.2,50.5')).toBeNull();
    expect(parseLocationLink('')).toBeNull();
    expect(parseLocationLink(null)).toBeNull();
    expect(parseLocationLink('not a link at all %%')).toBeNull();
  });
});

describe('stopAddressKey', () => {
  it('makes the same key of one address written two ways', () => {
    const a = stopAddressKey({ block: 'Block 0901', road: 'Rd 12', houseBuilding: 'House 7', address: 'x' });
    const b = stopAddressKey({ block: '901', road: '12', houseBuilding: '7', address: 'y' });
    expect(a).toBe(b);
    expect(stopAddressKey({ block: '901', road: '12', houseBuilding: '8', address: 'y' })).not.toBe(a);
  });

  it('falls back to the address text without block, road and house', () => {
    expect(stopAddressKey({ block: '', road: '', houseBuilding: '', address: 'Villa 3, Saar' })).toBe(
      stopAddressKey({ block: ' ', road: '', houseBuilding: '', address: 'villa 3 saar' }),
    );
  });
});

describe('distances', () => {
  it('measures about 111 km per degree of latitude', () => {
    expect(Math.round(distanceMetres({ lat: 26, lng: 50.5 }, { lat: 27, lng: 50.5 }) / 1000)).toBe(111);
  });

  it('orders from the first stop to the nearest next, unplaced stops last', () => {
    const stops = [
      { id: 'a', location: { lat: 26.0, lng: 50.5 } },
      { id: 'far', location: { lat: 26.3, lng: 50.5 } },
      { id: 'none', location: null },
      { id: 'near', location: { lat: 26.05, lng: 50.5 } },
    ];
    expect(orderByDistance(stops).map((stop) => stop.id)).toEqual(['a', 'near', 'far', 'none']);
  });

  it('takes the median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});
