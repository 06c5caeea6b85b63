import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import { APP_NAME } from '@client/config';

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
      <Box
        sx={{
          width: 34,
          height: 34,
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <HomeWorkOutlined fontSize="small" />
      </Box>
      <Typography component="span" sx={{ fontSize: 20, fontWeight: 700, letterSpacing: 1 }}>
        {APP_NAME}
      </Typography>
    </Box>
  );
}
