import Box from '@mui/material/Box';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { OFFLINE_MESSAGE } from './messages';
import { NOTICE_BAR_SX } from './notice-bar-style';
import { useOnlineStatus } from './online-status';

/** A slim bar under the header while the browser is offline. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Box role="status" data-testid="offline-banner" sx={{ ...NOTICE_BAR_SX, gap: 1 }}>
      <CloudOffOutlined sx={{ fontSize: 16 }} />
      {OFFLINE_MESSAGE}
    </Box>
  );
}
