import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { PropertyCardLayout } from './property-card';

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
