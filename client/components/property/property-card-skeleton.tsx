import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Placeholder while the device database opens. */
export function PropertyCardSkeleton() {
  return (
    <Card aria-hidden>
      <Skeleton
        variant="rectangular"
        sx={{ width: '100%', height: 'auto', aspectRatio: '3 / 2' }}
      />
      <Stack spacing={1} sx={{ p: 1.75 }}>
        <Skeleton width="90%" />
        <Skeleton width="60%" />
        <Skeleton width="40%" height={28} />
      </Stack>
    </Card>
  );
}
