import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { communityPath } from '@couchdb/rules/area-stats';

/** A grid of label/value pairs (房源信息). */
export function FactGrid({
  facts,
}: {
  facts: { label: string; value: ReactNode; testId?: string }[];
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
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
            sx={{ m: 0, fontWeight: 600, wordBreak: 'break-all' }}
          >
            {f.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A listing's 小区, linked to its page (issue 18); '—' when the listing names none. */
export function CommunityLink({ name }: { name: string | undefined }) {
  if (!name?.trim()) return '—';
  return (
    <Link component={RouterLink} to={communityPath(name)} data-testid="community-link">
      {name.trim()}
    </Link>
  );
}
