import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { PANORAMA_LOAD_TIMEOUT_MS } from '@couchdb/model/constants';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { useToast } from '@client/components/toast/toast-context';

export type PanoramaState = 'loading' | 'loaded' | 'failed';

function openInNewWindow(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Whether the tour's server answers at all. A frame that cannot load (a host that does not exist or
 * refuses the connection) fires its load event for the browser's own error page, and a page cannot
 * look into another site's frame; a request of its own that gets no answer tells. Any answer counts
 * (its status cannot be read without the site's consent): a site's own "not found" page is its own.
 */
async function tourAnswers(url: string, signal: AbortSignal): Promise<boolean> {
  try {
    await fetch(url, {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal,
    });
    return true;
  } catch (err) {
    if (signal.aborted) throw err;
    return false;
  }
}

/**
 * The 360° panorama overlay (product §2, §4): an iframe that is loading, then loaded or failed (no load
 * within 15 s, offline, a server that does not answer, or refused by the page's security policy).
 * It counts as loaded once the frame loaded and its server answered, so a broken link never shows
 * the browser's error page. Escape closes it unless the overlay is fullscreen (there Escape only
 * leaves fullscreen). On failure a panel offers to open the tour in a new window or close.
 */
function PanoramaBody({ url, title, onClose }: { url: string; title: string; onClose(): void }) {
  const toast = useToast();
  const frame = useRef<HTMLDivElement>(null);
  /** Failed on its own: offline, no load in time, or refused by the security policy. */
  const [failed, setFailed] = useState(
    () => typeof navigator !== 'undefined' && navigator.onLine === false,
  );
  const [fullscreen, setFullscreen] = useState(false);
  /** The frame's load event, and whether its server answered (null while asked). */
  const [frameLoaded, setFrameLoaded] = useState(false);
  const [answered, setAnswered] = useState<boolean | null>(null);
  const state: PanoramaState =
    failed || answered === false ? 'failed' : frameLoaded && answered ? 'loaded' : 'loading';

  useEffect(() => {
    const asking = new AbortController();
    tourAnswers(url, asking.signal).then(setAnswered, () => undefined);
    return () => asking.abort();
  }, [url]);

  useEffect(() => {
    if (state !== 'loading') return;
    const fail = () => setFailed(true);
    const timer = setTimeout(fail, PANORAMA_LOAD_TIMEOUT_MS);
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (
        event.effectiveDirective === 'frame-src' ||
        event.violatedDirective.startsWith('frame-src')
      )
        fail();
    };
    window.addEventListener('offline', fail);
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', fail);
      document.removeEventListener('securitypolicyviolation', onViolation);
    };
  }, [state]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await frame.current?.requestFullscreen();
    } catch (err) {
      console.warn('fullscreen failed', err);
      toast.error(PROPERTY_MESSAGES.fullscreenFailed);
    }
  };

  const barButton = { color: 'common.white', '&:hover': { bgcolor: 'rgba(255,255,255,0.12)' } };

  return (
    <Box
      ref={frame}
      data-testid="panorama-overlay"
      data-state={state}
      sx={{
        position: 'relative',
        width: '100%',
        height: '100%',
        bgcolor: '#111',
        color: 'common.white',
      }}
    >
      <Stack
        direction="row"
        sx={{
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          zIndex: 2,
          alignItems: 'center',
          gap: 0.5,
          px: { xs: 1, md: 2 },
          py: 1,
          pt: 'calc(8px + env(safe-area-inset-top))',
          background: 'linear-gradient(rgba(0,0,0,0.65), transparent)',
        }}
      >
        <Typography id="panorama-title" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }} noWrap>
          360°全景看房 · {title}
        </Typography>
        <IconButton
          aria-label="在新窗口打开全景"
          onClick={() => openInNewWindow(url)}
          sx={barButton}
        >
          <OpenInNew />
        </IconButton>
        <IconButton
          aria-label={fullscreen ? '退出全屏' : '全屏'}
          onClick={() => void toggleFullscreen()}
          sx={barButton}
        >
          {fullscreen ? <FullscreenExit /> : <Fullscreen />}
        </IconButton>
        <IconButton aria-label="关闭全景" onClick={onClose} sx={barButton}>
          <Close />
        </IconButton>
      </Stack>
      {state !== 'failed' && (
        <Box
          component="iframe"
          src={url}
          title="360度全景"
          allow="fullscreen; gyroscope; accelerometer; xr-spatial-tracking"
          allowFullScreen
          referrerPolicy="no-referrer"
          // A third party's page (https only, reviewed): its scripts run, but it may not navigate
          // this app, open pop-ups, submit forms or reach our storage beyond its own origin.
          sandbox="allow-scripts allow-same-origin"

          onLoad={() => setFrameLoaded(true)}
          onError={() => setFailed(true)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      )}
      {state === 'loading' && (
        <Stack
          role="status"
          spacing={2}
          sx={{
            position: 'absolute',
            inset: 0,
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: '#111',
          }}
        >
          <CircularProgress color="inherit" />
          <Typography>全景加载中…</Typography>
        </Stack>
      )}
      {state === 'failed' && (
        <Stack
          role="alert"
          spacing={2}
          sx={{
            position: 'absolute',
            inset: 0,
            alignItems: 'center',
            justifyContent: 'center',
            px: 3,
            textAlign: 'center',
          }}
        >
          <ErrorOutline sx={{ fontSize: 56, color: 'grey.500' }} />
          <Typography sx={{ fontSize: 17 }}>{PROPERTY_MESSAGES.panoramaLoadFailed}</Typography>
          <Stack direction="row" spacing={1.5}>
            <Button
              variant="contained"
              startIcon={<OpenInNew />}
              onClick={() => openInNewWindow(url)}
            >
              在新窗口打开
            </Button>
            <Button variant="outlined" color="inherit" onClick={onClose}>
              关闭
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}

export function PanoramaOverlay({
  url,
  title,
  open,
  onClose,
}: {
  url: string;
  title: string;
  open: boolean;
  onClose(): void;
}) {
  return (
    <Dialog
      open={open}
      fullScreen
      aria-labelledby="panorama-title"
      onClose={(_event, reason) => {
        // In fullscreen, Escape belongs to the browser (it leaves fullscreen first).
        if (reason === 'escapeKeyDown' && document.fullscreenElement) return;
        onClose();
      }}
    >
      {open && <PanoramaBody url={url} title={title} onClose={onClose} />}
    </Dialog>
  );
}
