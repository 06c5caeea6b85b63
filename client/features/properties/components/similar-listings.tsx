import { useDeferredValue, useMemo, memo } from 'react';
import Stack from '@mui/material/Stack';
import { AREA_MESSAGES } from '@couchdb/model/area-facts';
import { similarListings } from '@couchdb/rules/area-stats';
import { PropertyCard } from '@client/components/property/property-card';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import { useSteppedCount } from '@client/components/use-stepped-count';
import { usePublicProperties } from '@client/data/hooks';
import type { PropertyDoc } from '@client/data/schemas/property.schema';
import { useClientValue } from '@client/lib/use-client-value';
import { Section } from './detail-layout';

/** Below the fold: the cards' photos load lazily (a card's index from 4 on). */
const EAGER_OFFSET = 4;

/**
 * 相似房源 (issue 18): the public listings on the device most like this one (its 小区 first, then
 * its township; same type; close in price and area). Nothing is shown when there are none.
 * Rendered after hydration only: a page rendered by the gateway holds one listing, not the set.
 */
export const SimilarListings = memo(function SimilarListings({
  property,
  now,
}: {
  property: PropertyDoc;
  now: number;
}) {
  const hydrated = useClientValue(() => true, false);
  // A deferred render, a card a task: six cards arriving with the device's listings are not drawn
  // in one long task on a slow phone.
  const all = useDeferredValue(usePublicProperties().data);
  const favorites = useFavoriteToggle();
  const similar = useMemo(
    () => (hydrated && all ? similarListings(property, all) : []),
    [hydrated, all, property],
  );
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
});
