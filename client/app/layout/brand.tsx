import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APP_NAME } from '@client/config';
import { BrandMark } from '@client/components/brand-mark';

/** Logo mark and product name, linking home. */
export function Brand() {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={`${APP_NAME}首页`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        flexShrink: 0,
      }}
    >
      <BrandMark />
      <Typography component="span" sx={{ fontSize: 20, fontWeight: 700, letterSpacing: 1 }}>
        {APP_NAME}
      </Typography>
    </Box>
  );
}
