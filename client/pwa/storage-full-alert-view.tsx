import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { STORAGE_FULL_MESSAGES } from '@couchdb/model/errors';
import { NOTICE_BAR_SX } from './notice-bar-style';
import { dismissQuotaExceeded, STORAGE_MESSAGES, useQuotaExceeded } from './storage';

/**
 * The full-storage message: a bar under the header, like the offline one, so that it covers
 * neither the header nor the toast that says what was not saved. Stays until the user closes it.
 */
export default function StorageFullAlertView() {
  const open = useQuotaExceeded();
  if (!open) return null;
  return (
    <Box
      role="alert"
      data-testid="storage-full"
      sx={{
        ...NOTICE_BAR_SX,
        columnGap: 1,
        bgcolor: '#fdecea',
        color: '#8c1d18',
        borderColor: '#f5c2bd',
      }}
    >
      <ErrorOutline sx={{ fontSize: 16 }} />
      <Box component="span" sx={{ flex: '1 1 240px', maxWidth: 720 }}>
        {STORAGE_MESSAGES.quotaExceeded}
      </Box>
      <IconButton
        size="small"
        color="inherit"
        aria-label={STORAGE_FULL_MESSAGES.close}
        onClick={dismissQuotaExceeded}
      >
        <CloseIcon sx={{ fontSize: 18 }} />
      </IconButton>
    </Box>
  );
}
