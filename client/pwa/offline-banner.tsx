import Box from '@mui/material/Box';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { OFFLINE_MESSAGE } from './messages';
import { useOnlineStatus } from './online-status';

/** A slim bar under the header while the browser is offline. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Box
      role="status"
      data-testid="offline-banner"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 2,
        py: 0.75,
        fontSize: 13,
        lineHeight: 1.4,
        bgcolor: '#fff7e6',
        color: '#8a5300',
        borderTop: 1,
        borderColor: '#ffe3b3',
      }}
    >
      <CloudOffOutlined sx={{ fontSize: 16 }} />
      {OFFLINE_MESSAGE}
    </Box>
  );
}
