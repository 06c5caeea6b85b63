import { useEffect, useState } from 'react';
import { useStoreValue } from '@client/lib/use-store-value';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UPDATE_MESSAGES } from './messages';
import { applyUpdate, getUpdateState, subscribeUpdate } from './service-worker';
import { useHasUnsavedChanges } from './unsaved-changes';

/** How long 请先保存… stays under the prompt after a refused refresh. */
const SAVE_FIRST_HINT_MS = 6000;

/** Bottom of the screen, above the mobile tab bar (56 px) on phones. */
const SNACKBAR_OFFSET = {
  bottom: { xs: 'calc(72px + env(safe-area-inset-bottom))', md: 24 },
};

/** 发现新版本 with 刷新: applies a waiting service worker, never over unsaved form input. */
export default function UpdatePromptView() {
  const { updateReady } = useStoreValue(subscribeUpdate, getUpdateState);
  const unsaved = useHasUnsavedChanges();
  const [dismissed, setDismissed] = useState(false);
  const [blocked, setBlocked] = useState(false);

  const refresh = () => setBlocked(applyUpdate() === 'unsaved-changes');

  // The form may be saved or left without the prompt hearing of it, so the hint does not linger.
  useEffect(() => {
    if (!blocked) return;
    const timer = setTimeout(() => setBlocked(false), SAVE_FIRST_HINT_MS);
    return () => clearTimeout(timer);
  }, [blocked]);

  return (
    <Snackbar
      open={updateReady && !dismissed}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={SNACKBAR_OFFSET}
      message={
        <Stack spacing={0.5} data-testid="update-prompt">
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {UPDATE_MESSAGES.available}
          </Typography>
          {blocked && unsaved && (
            <Typography component="span" sx={{ fontSize: 13, color: 'warning.light' }}>
              {UPDATE_MESSAGES.saveFirst}
            </Typography>
          )}
        </Stack>
      }
      action={
        <>
          <Button color="inherit" size="small" onClick={() => setDismissed(true)}>
            {UPDATE_MESSAGES.later}
          </Button>
          <Button variant="contained" size="small" onClick={refresh}>
            {UPDATE_MESSAGES.refresh}
          </Button>
        </>
      }
    />
  );
}
