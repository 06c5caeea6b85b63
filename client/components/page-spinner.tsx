import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Centered spinner for a screen that is still loading (lazy chunk, auth check). */
export function PageSpinner({ label = '加载中' }: { label?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 12 }}
    >
      <CircularProgress />
    </Box>
  );
}
