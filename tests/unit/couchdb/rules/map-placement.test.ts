import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inView, placeOnMap, type PlaceableListing } from '@couchdb/rules/map-placement';

interface Listing extends PlaceableListing {
  id: string;
}

function listing(
  id: string,
  community: string | undefined,
  at?: [number, number],
  district = '凤麓街道',
): Listing {
  return {
    id,
    address: { district, community },
    ...(at ? { location: { latitude: at[0], longitude: at[1] } } : {}),
  };
}

const ids = (items: readonly { property: Listing }[]) => items.map((p) => p.property.id).sort();

describe('placeOnMap', () => {
  it('places a listing at its own location', () => {
    const { placed, unplaced } = placeOnMap([listing('a', '凤麓花园', [24.67, 102.91])]);
    expect(placed).toEqual([
      expect.objectContaining({ latitude: 24.67, longitude: 102.91, atCommunity: false }),
    ]);
    expect(unplaced).toEqual([]);
  });

  it('places a listing without one at its 小区, the median of the located ones', () => {
    const { placed } = placeOnMap([
      listing('a', '凤麓花园', [24.67, 102.91]),
      listing('b', '凤麓 花园', [24.672, 102.912]),
      // Pinned far off by mistake: the median keeps the 小区 where most of its homes are.
      listing('c', '凤麓花园', [24.9, 103.05]),
      listing('d', '凤麓花园'),
    ]);
    const d = placed.find((p) => p.property.id === 'd');
    expect(d).toEqual(
      expect.objectContaining({ latitude: 24.672, longitude: 102.912, atCommunity: true }),
    );
  });

  it('counts a listing whose 小区 has no located listing, or that names no 小区', () => {
    const { placed, unplaced } = placeOnMap([
      listing('a', '凤麓花园', [24.67, 102.91]),
      listing('b', '果香小区'),
      listing('c', undefined),
      listing('d', '  '),
    ]);
    expect(ids(placed)).toEqual(['a']);
    expect(unplaced.map((p) => p.id).sort()).toEqual(['b', 'c', 'd']);
  });

  it('does not take a place from a 小区 of the same name in another township', () => {
    const { unplaced } = placeOnMap([
      listing('a', '新村', [24.67, 102.91], '凤麓街道'),
      listing('b', '新村', undefined, '海口镇'),
    ]);
    expect(unplaced.map((p) => p.id)).toEqual(['b']);
  });

  it('places every listing exactly once, whatever the order they come in', () => {
    const communities = ['凤麓花园', '湖光苑', '果香小区', undefined];
    const arbListing = fc.record({
      community: fc.constantFrom(...communities),
      at: fc.option(
        fc.tuple(
          fc.double({ min: 24.45, max: 24.95, noNaN: true }),
          fc.double({ min: 102.75, max: 103.1, noNaN: true }),
        ),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(fc.array(arbListing, { maxLength: 30 }), fc.nat(), (drawn, seed) => {
        const all = drawn.map((d, i) => listing(String(i), d.community, d.at));
        const a = placeOnMap(all);
        expect(a.placed.length + a.unplaced.length).toBe(all.length);
        const shuffled = [...all].sort(
          (x, y) => ((Number(x.id) * 7919 + seed) % 101) - ((Number(y.id) * 7919 + seed) % 101),
        );
        const b = placeOnMap(shuffled);
        const where = (p: ReturnType<typeof placeOnMap<Listing>>) =>
          new Map(p.placed.map((x) => [x.property.id, [x.latitude, x.longitude, x.atCommunity]]));
        expect(where(b)).toEqual(where(a));
      }),
    );
  });
});

describe('inView', () => {
  it('keeps the placed listings inside the view, edges included', () => {
    const { placed } = placeOnMap([
      listing('in', 'x', [24.6, 102.9]),
      listing('edge', 'y', [24.7, 102.95]),
      listing('out', 'z', [24.8, 102.9]),
    ]);
    expect(ids(inView(placed, { south: 24.5, north: 24.7, west: 102.85, east: 102.95 }))).toEqual([
      'edge',
      'in',
    ]);
  });
});
