import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { PropertyCard, type CardProperty, type PropertyCardLayout } from './property-card';
import { PropertyCardSkeleton } from './property-card-skeleton';
import type { FavoriteToggle } from './use-favorite-toggle';

/** The card grid of the listing screens: up to four columns as grid, up to two as list. */
export function PropertyGrid({
  layout,
  children,
  testId = 'property-results',
}: {
  layout: PropertyCardLayout;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns:
          layout === 'grid'
            ? { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' }
            : { xs: '1fr', md: 'repeat(2, 1fr)' },
      }}
    >
      {children}
    </Box>
  );
}

interface PropertyCardsProps {
  /** The listings to show, or undefined while the device is still reading them (skeletons). */
  properties: readonly CardProperty[] | undefined;
  layout: PropertyCardLayout;
  favorites: FavoriteToggle;
  /** "Now" for the cards' badges and dates (one value per render of a list). */
  now: number;
  /** How many skeleton cards stand in while loading. */
  skeletons?: number;
  /** Removing a favourite names the listing in its toast (the favourites page). */
  namedRemoval?: boolean;
  testId?: string;
}

/** The listing screens' results: a grid of cards with their hearts, or skeletons while loading. */
export function PropertyCards({
  properties,
  layout,
  favorites,
  now,
  skeletons = 4,
  namedRemoval = false,
  testId,
}: PropertyCardsProps) {
  return (
    <PropertyGrid layout={layout} {...(testId ? { testId } : {})}>
      {properties
        ? properties.map((p, i) => (
            <PropertyCard
              key={p.id}
              index={i}
              property={p}
              layout={layout}
              favorite={favorites.ids.has(p.id)}
              favoritedAt={favorites.ids.get(p.id)}
              onToggleFavorite={
                namedRemoval ? (id) => favorites.toggle(id, p.title) : favorites.toggle
              }
              now={now}
            />
          ))
        : Array.from({ length: skeletons }, (_, i) => <PropertyCardSkeleton key={i} />)}
    </PropertyGrid>
  );
}
