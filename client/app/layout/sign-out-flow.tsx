/**
 * The sign-out flow (loaded when asked for): counts what the device has not sent yet; with nothing,
 * signs out at once. Online with only changes unsent, it lets them go out first (usually a change
 * the device made as the user tapped, on its way already) and signs out once they have. Otherwise
 * it asks to wait until it is sent (with progress), keep it on this device for this account, or
 * discard it after a second confirmation.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { SIGN_OUT_COUNT_WAIT_MS, SIGN_OUT_SETTLE_MS } from '@couchdb/model/constants';
import { AUTH_MESSAGES } from '@couchdb/model/errors';
import { SIGN_OUT_MESSAGES, unsentLines, type UnsentCounts } from '@couchdb/model/sign-out-facts';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { useToast } from '@client/components/toast/toast-context';
import { sendableCount, unsentCount } from '@client/data/sync/unsent';
import { orAfter } from '@client/lib/or-after';
import { useAuth } from '@client/lib/session/auth-context';
import { loadPageData } from '@client/app/sync/page-data';

/** How often the counts are read again while waiting. */
const WAIT_POLL_MS = 1000;
/** How often they are read while the changes just made go out (SIGN_OUT_SETTLE_MS). */
const SETTLE_POLL_MS = 250;

type Mode = 'checking' | 'choose' | 'waiting' | 'confirm-discard' | 'signing-out';

/** Online with only changes unsent: they are usually being sent as the user taps. */
function onlyChangesOnTheirWay(counts: UnsentCounts): boolean {
  return navigator.onLine && counts.refused === 0 && sendableCount(counts) === counts.changes;
}

/**
 * Sends what waits and counts again until nothing is left or SIGN_OUT_SETTLE_MS have passed: the
 * last count (a failed count keeps the one before).
 */
async function settle(userId: string, counts: UnsentCounts): Promise<UnsentCounts> {
  const until = Date.now() + SIGN_OUT_SETTLE_MS;
  let latest = counts;
  try {
    const data = await loadPageData();
    await data.sendNow();
    while (unsentCount(latest) > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
      latest = (await data.unsent(userId)) ?? latest;
    }
  } catch (err) {
    console.error('sending the unsent changes before signing out failed', err);
  }
  return latest;
}

export function SignOutFlow({ onDone }: { onDone(): void }) {
  const { user, logout } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('checking');
  const [counts, setCounts] = useState<UnsentCounts | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  /** What could be sent when the wait began, for the progress bar. */
  const [waitFrom, setWaitFrom] = useState(0);
  const userId = user?.id ?? null;

  const finish = useCallback(
    async (keepData: boolean) => {
      setMode('signing-out');
      try {
        const result = await logout({ keepData });
        toast.success(
          keepData
            ? SIGN_OUT_MESSAGES.keptForNextSignIn
            : result === 'revocation-pending'
              ? SIGN_OUT_MESSAGES.loggedOutOffline
              : AUTH_MESSAGES.loggedOut,
        );
        // Replace: the guard may already have swapped a private page for /login.
        await navigate('/', { replace: true });
      } catch (err) {
        console.error('sign out failed', err);
        toast.error(AUTH_MESSAGES.logoutFailed);
      } finally {
        onDone();
      }
    },
    [logout, navigate, onDone, toast],
  );

  // First the count: nothing unsent signs out at once (one tap, as before).
  useEffect(() => {
    if (!userId) {
      onDone();
      return;
    }
    let cancelled = false;
    void (async () => {
      let found: UnsentCounts | null = null;
      try {
        found = await orAfter(
          loadPageData().then((data) => data.unsent(userId)),
          SIGN_OUT_COUNT_WAIT_MS,
          () => {
            console.warn('counting the unsent items took too long: the data is kept');
            return null;
          },
        );
      } catch (err) {
        console.error('counting the unsent items failed', err);
      }
      if (cancelled) return;
      // Not counted (no database open, the count failed or took too long): keep the data rather
      // than lose any.
      if (!found) return void finish(true);
      if (unsentCount(found) > 0 && onlyChangesOnTheirWay(found)) {
        // A count that stalls (bounded as the first one is) leaves the last one to ask with.
        const counted = found;
        const bound = SIGN_OUT_SETTLE_MS + SIGN_OUT_COUNT_WAIT_MS;
        found = await orAfter(settle(userId, counted), bound, () => {
          console.warn('counting the unsent items took too long: asking with the last count');
          return counted;
        });
        if (cancelled) return;
      }
      if (unsentCount(found) === 0) return void finish(false);
      setCounts(found);
      setMode('choose');
    })();
    return () => {
      cancelled = true;
    };
    // Once, when the flow starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  // Waiting: send now, then read the counts again until nothing sendable is left.
  useEffect(() => {
    if (mode !== 'waiting' || !userId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const data = await loadPageData();
        const now = await data.unsent(userId);
        if (stopped) return;
        if (now) setCounts(now);
        if (now && sendableCount(now) === 0) {
          if (now.refused > 0) setMode('choose');
          else void finish(false);
          return;
        }
      } catch (err) {
        console.error('counting the unsent items failed', err);
      }
      if (!stopped) timer = setTimeout(() => void poll(), WAIT_POLL_MS);
    };
    void loadPageData()
      .then((data) => data.sendNow())
      .catch((err: unknown) => console.error('sending the unsent items failed', err));
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [mode, userId, finish]);

  if (mode === 'checking' || !counts) return null;
  const sendable = sendableCount(counts);
  const busy = mode === 'signing-out';
  const progress = waitFrom > 0 ? Math.round((1 - sendable / waitFrom) * 100) : undefined;

  return (
    <>
      <Dialog
        open={mode !== 'confirm-discard'}
        onClose={busy ? undefined : onDone}
        aria-labelledby="sign-out-title"
        data-testid="sign-out-dialog"
      >
        <DialogTitle id="sign-out-title">{SIGN_OUT_MESSAGES.title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{SIGN_OUT_MESSAGES.intro}</DialogContentText>
          <List dense>
            {unsentLines(counts).map((line) => (
              <ListItem key={line} data-testid="unsent-item" sx={{ display: 'list-item', ml: 3 }}>
                {line}
              </ListItem>
            ))}
          </List>
          {counts.refused > 0 && (
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {SIGN_OUT_MESSAGES.refusedHint}
            </Typography>
          )}
          {mode === 'waiting' ? (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {online ? SIGN_OUT_MESSAGES.waiting : SIGN_OUT_MESSAGES.waitingOffline}
              </Typography>
              <LinearProgress
                aria-label={SIGN_OUT_MESSAGES.waiting}
                variant={progress === undefined ? 'indeterminate' : 'determinate'}
                value={progress ?? 0}
              />
            </>
          ) : (
            <Typography variant="body2" color="textSecondary">
              {SIGN_OUT_MESSAGES.keepHint}
            </Typography>
          )}
        </DialogContent>
        <DialogActions
          sx={{
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            alignItems: 'stretch',
            gap: 1,
            px: 3,
            pb: 2,
            '& > :not(style) ~ :not(style)': { ml: { xs: 0, sm: 1 } },
          }}
        >
          <Button onClick={onDone} disabled={busy}>
            {SIGN_OUT_MESSAGES.cancel}
          </Button>
          <Button color="error" disabled={busy} onClick={() => setMode('confirm-discard')}>
            {SIGN_OUT_MESSAGES.discard}
          </Button>
          <Button variant="outlined" disabled={busy} onClick={() => void finish(true)}>
            {SIGN_OUT_MESSAGES.keep}
          </Button>
          {sendable > 0 && (
            <Button
              variant="contained"
              disabled={busy}
              loading={mode === 'waiting'}
              loadingPosition="start"
              onClick={() => {
                setWaitFrom(sendable);
                setMode('waiting');
              }}
            >
              {SIGN_OUT_MESSAGES.wait}
            </Button>
          )}
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={mode === 'confirm-discard'}
        title={SIGN_OUT_MESSAGES.discardTitle}
        message={`${SIGN_OUT_MESSAGES.discardMessage}（${unsentLines(counts).join('、')}）`}
        confirmLabel={SIGN_OUT_MESSAGES.discardConfirm}
        onClose={() => setMode('choose')}
        onConfirm={() => void finish(false)}
      />
    </>
  );
}
