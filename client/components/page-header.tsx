import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A screen's title row: the page's one h1, an optional count or note beside it, and its actions on
 * the right (they stay on the title's line).
 */
export function PageHeader({
  title,
  count,
  children,
}: {
  title: ReactNode;
  /** Shown small and grey after the title, e.g. 共 12 套. */
  count?: ReactNode;
  /** Actions at the row's end. */
  children?: ReactNode;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontSize: { xs: 20, md: 24 } }}>
        {title}
        {count !== undefined && count !== null && (
          <Typography component="span" color="textSecondary" sx={{ ml: 1, fontSize: 15 }}>
            {count}
          </Typography>
        )}
      </Typography>
      {children}
    </Stack>
  );
}
