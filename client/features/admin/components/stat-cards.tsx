import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { groupDigits } from '@couchdb/rules/format';

export interface StatCard {
  label: string;
  value: number;
  /** A theme colour for the figure, e.g. success.main. */
  color?: string;
}

/** The admin pages' figures (product §2: stat cards), counted from the device's data. */
export function StatCards({ cards, loading }: { cards: readonly StatCard[]; loading: boolean }) {
  return (
    <Box
      data-testid="stat-cards"
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: `repeat(${cards.length}, 1fr)` },
      }}
    >
      {cards.map((c) => (
        <Card key={c.label} sx={{ p: 2 }} data-testid="stat-card">
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{c.label}</Typography>
          {loading ? (
            <Skeleton width={48} height={36} />
          ) : (
            <Typography
              sx={{ fontSize: 28, fontWeight: 700, color: c.color ?? 'text.primary' }}
              data-testid="stat-value"
            >
              {groupDigits(c.value)}
            </Typography>
          )}
        </Card>
      ))}
    </Box>
  );
}
