import { useDeferredValue, useMemo, memo } from 'react';
import Stack from '@mui/material/Stack';
import { AREA_MESSAGES } from '@couchdb/model/area-facts';
import { similarListings } from '@couchdb/rules/area-stats';
import { PropertyCard } from '@client/components/property/property-card';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { useSteppedCount } from '@client/components/use-stepped-count';
import { usePublicProperties } from '@client/data/hooks';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { useNearViewport } from '@client/lib/use-near-viewport';
import { Section } from './detail-layout';

/** Below the fold: the cards' photos load lazily (a card's index from 4 on). */
const EAGER_OFFSET = 4;

/** How far below the viewport the section starts rendering, in CSS pixels (about three cards). */
const NEAR_VIEWPORT_PX = 300;

/**
 * Where the section goes until the reader scrolls near it, for the viewport to be measured
 * against: empty, in the column's flow (not absolute: in a flex column it would sit at the
 * column's top), its margin taken off so the column's spacing is as without it. Inline, no class:
 * the gateway renders it too.
 */
const ANCHOR_STYLE = { height: 0, margin: 0 } as const;

/**
 * 相似房源 (issue 18): the public listings on the device most like this one (its 小区 first, then
 * its township; same type; close in price and area). Nothing is shown when there are none.
 * Below the fold on a phone: it reads the device's listings and draws its cards once the reader
 * scrolls near it, not while the page opens (on a slow phone, the cards' first render, their
 * styles and the layout were the longest tasks after the device opened). A page rendered by the
 * gateway holds one listing, not the set: the gateway renders the anchor only.
 */
export const SimilarListings = memo(function SimilarListings(props: {
  property: PropertyDoc;
  now: number;
}) {
  const [anchor, near] = useNearViewport<HTMLDivElement>(NEAR_VIEWPORT_PX);
  if (!near)
    return (
      <div ref={anchor} aria-hidden data-testid="similar-listings-anchor" style={ANCHOR_STYLE} />
    );
  return <SimilarListingsNear {...props} />;
});

function SimilarListingsNear({ property, now }: { property: PropertyDoc; now: number }) {
  // A deferred render, a card a task: six cards arriving with the device's listings are not drawn
  // in one long task on a slow phone.
  const all = useDeferredValue(usePublicProperties().data);
  const favorites = useFavoriteToggle();
  const similar = useMemo(() => (all ? similarListings(property, all) : []), [all, property]);
  const rendered = useSteppedCount(similar.length, 1);
  if (similar.length === 0) return null;
  return (
    <Section title={AREA_MESSAGES.similarTitle}>
      {/* One column: the detail page's lower column is too narrow for two list cards. */}
      <Stack spacing={1.5} data-testid="similar-listings" aria-busy={rendered < similar.length}>
        {similar.slice(0, rendered).map((s, i) => (
          <PropertyCard
            key={s.id}
            index={i + EAGER_OFFSET}
            property={s}
            layout="list"
            favorite={favorites.ids.has(s.id)}
            favoritedAt={favorites.ids.get(s.id)}
            onToggleFavorite={favorites.toggle}
            now={now}
          />
        ))}
      </Stack>
    </Section>
  );
}
