import { memo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Fact {
  label: string;
  value: ReactNode;
  testId?: string;
  /** The headline figure: larger, in the price colour. */
  strong?: boolean;
}

/** Label/value pairs in a grid: two columns on phones, `columns` from the sm breakpoint up. */
/** Memoised: a screen re-rendering for other reasons (its data source opening) leaves it be. */
export const FactGrid = memo(function FactGrid({
  facts,
  columns = 3,
}: {
  facts: readonly Fact[];
  columns?: number;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: `repeat(${columns}, 1fr)` },
        rowGap: 2,
        columnGap: 2,
      }}
    >
      {facts.map((f) => (
        <Box key={f.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" sx={{ fontSize: 13, color: 'text.secondary', mb: 0.25 }}>
            {f.label}
          </Typography>
          <Typography
            component="dd"
            data-testid={f.testId}
            sx={{
              m: 0,
              fontWeight: f.strong ? 800 : 600,
              fontSize: f.strong ? 20 : 16,
              color: f.strong ? 'secondary.main' : undefined,
              wordBreak: 'break-all',
            }}
          >
            {f.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
});
