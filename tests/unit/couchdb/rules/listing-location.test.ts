import { describe, expect, it } from 'vitest';
import { LOCATION_MESSAGES } from '@couchdb/model/location-facts';
import { listingLocationSchema, propertyWriteSchema } from '@couchdb/model/property';
import { projectPropertyFor } from '@couchdb/rules/access';
import { publicLocation, snapToGrid } from '@couchdb/rules/listing-location';
import { buildProperty } from '@tests/fixtures/builders';

const exact = { latitude: 24.671234, longitude: 102.912345, accuracy_m: 12, public_exact: false };

/** Metres between two points (equirectangular: exact enough over a few hundred metres). */
function metresBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const rad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad);
  const y = (b.latitude - a.latitude) * rad;
  return Math.hypot(x, y) * 6_371_000;
}

describe('the listing location schema', () => {
  it('accepts a point in the county and defaults public_exact to off', () => {
    const { public_exact: _p, ...sent } = exact;
    expect(listingLocationSchema.parse(sent)).toEqual({ ...sent, public_exact: false });
  });

  it.each([
    ['a point in Kunming', { latitude: 25.04, longitude: 102.71 }, LOCATION_MESSAGES.outsideCounty],
    ['swapped coordinates', { latitude: 102.9, longitude: 24.6 }, LOCATION_MESSAGES.outsideCounty],
    ['NaN', { latitude: Number.NaN }, LOCATION_MESSAGES.invalid],
    ['Infinity', { longitude: Number.POSITIVE_INFINITY }, LOCATION_MESSAGES.invalid],
    ['a string', { latitude: '24.6' }, LOCATION_MESSAGES.invalid],
    ['no accuracy', { accuracy_m: 0 }, LOCATION_MESSAGES.accuracy],
    ['an accuracy of 10 km', { accuracy_m: 10_000 }, LOCATION_MESSAGES.accuracy],
  ])('refuses %s with its message', (_name, change, message) => {
    const result = listingLocationSchema.safeParse({ ...exact, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses unknown keys in a written listing location', () => {
    const listing = buildProperty({ location: { ...exact, altitude: 1800 } as never });
    expect(propertyWriteSchema.safeParse(listing).success).toBe(false);
  });
});

describe('publicLocation', () => {
  it('snaps the point to the 0.001° grid, within about 75 m of the home', () => {
    const shown = publicLocation(exact);
    expect(shown).toMatchObject({ latitude: 24.671, longitude: 102.912, public_exact: false });
    expect(metresBetween(exact, shown)).toBeLessThan(80);
    expect(snapToGrid(24.6715)).toBe(24.672);
  });

  it('shows a coarse accuracy, never finer than 100 m', () => {
    expect(publicLocation(exact).accuracy_m).toBe(100);
    expect(publicLocation({ ...exact, accuracy_m: 240 }).accuracy_m).toBe(300);
  });

  it('gives every home in a grid cell the same point (nothing to average)', () => {
    const near = { ...exact, latitude: 24.6709, longitude: 102.91199 };
    const a = publicLocation(exact);
    const b = publicLocation(near);
    expect([b.latitude, b.longitude]).toEqual([a.latitude, a.longitude]);
  });

  it('keeps the exact point when the owner chose to show it', () => {
    expect(publicLocation({ ...exact, public_exact: true })).toEqual({
      ...exact,
      public_exact: true,
    });
  });
});

describe('projectPropertyFor and the location', () => {
  const listing = buildProperty({ user_id: 'u-owner', location: exact });

  it('gives the owner and admins the exact point', () => {
    expect(projectPropertyFor({ id: 'u-owner', role: 'agent' }, listing)?.location).toEqual(exact);
    expect(projectPropertyFor({ id: 'u-admin', role: 'admin' }, listing)?.location).toEqual(exact);
  });

  it('gives visitors and other users the rounded point', () => {
    const rounded = publicLocation(exact);
    expect(projectPropertyFor(null, listing)?.location).toEqual(rounded);
    expect(projectPropertyFor({ id: 'u-other', role: 'user' }, listing)?.location).toEqual(rounded);
  });
});
