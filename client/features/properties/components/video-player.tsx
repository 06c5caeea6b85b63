import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import VolumeOff from '@mui/icons-material/VolumeOff';
import VolumeUp from '@mui/icons-material/VolumeUp';
import { VIDEO_CONTROLS_HIDE_MS } from '@couchdb/model/constants';
import { PROPERTY_MESSAGES } from '@couchdb/model/property-facts';
import { Photo, PhotoPlaceholder } from '@client/components/photo';
import { useToast } from '@client/components/toast/toast-context';

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

const controlSx = { color: 'common.white', '&:hover': { bgcolor: 'rgba(255,255,255,0.15)' } };

/** The poster over the video until it first plays: it takes clicks as the video would. */
const POSTER_SX = {
  position: 'absolute',
  inset: 0,
  pointerEvents: 'none',
} as const;
const FILL_SX = { width: '100%', height: '100%', objectFit: 'cover', display: 'block' } as const;

/**
 * A listing video (product §2, §4): play/pause, mute, fullscreen; the controls hide 3 s after play
 * starts and come back on mouse move or touch. Until it plays it shows its poster (or the designed
 * placeholder) and downloads nothing (preload none: a phone on mobile data pays for what it plays).
 */
export function VideoPlayer({
  src,
  poster,
  title,
}: {
  src: string;
  poster?: string;
  title: string;
}) {
  const toast = useToast();
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [controlsShown, setControlsShown] = useState(true);
  const [started, setStarted] = useState(false);
  /** Why the video cannot play (offline, or its file did not load), shown over it; null while it can. */
  const [failure, setFailure] = useState<string | null>(null);

  const reveal = useCallback(() => {
    setControlsShown(true);
    clearTimeout(hideTimer.current);
    if (video.current && !video.current.paused) {
      hideTimer.current = setTimeout(() => setControlsShown(false), VIDEO_CONTROLS_HIDE_MS);
    }
  }, []);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const failed = () =>
    setFailure(
      navigator.onLine === false
        ? PROPERTY_MESSAGES.videoOffline
        : PROPERTY_MESSAGES.videoLoadFailed,
    );

  const togglePlay = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) {
      if (navigator.onLine === false && v.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) {
        failed();
        return;
      }
      v.play().catch((err: unknown) => {
        // Refused by the browser (no user gesture) or cut short by a pause: not the file's fault.
        if (
          err instanceof DOMException &&
          (err.name === 'NotAllowedError' || err.name === 'AbortError')
        )
          console.warn('video play refused', err);
        else failed();
      });
    } else {
      v.pause();
    }
  };

  const toggleMute = () => {
    const v = video.current;
    if (!v) return;
    v.muted = !v.muted;
    setMuted(v.muted);
    reveal();
  };

  const toggleFullscreen = async () => {
    const el = frame.current;
    const v = video.current as WebkitVideo | null;
    try {
      if (document.fullscreenElement) {
        await document.exitFullscreen();
      } else if (el?.requestFullscreen) {
        await el.requestFullscreen();
      } else if (v?.webkitEnterFullscreen) {
        // iPhone Safari: only the video element itself can go fullscreen.
        v.webkitEnterFullscreen();
      } else {
        throw new Error('Fullscreen API unavailable');
      }
    } catch (err) {
      console.warn('fullscreen failed', err);
      toast.error(PROPERTY_MESSAGES.fullscreenFailed);
    }
    reveal();
  };

  const retry = () => {
    const v = video.current;
    setFailure(null);
    if (!v) return;
    v.load();
    togglePlay();
  };

  const visible = controlsShown || !playing;

  return (
    <Box
      ref={frame}
      data-testid="video-player"
      data-playing={playing}
      data-controls-visible={visible}
      onMouseMove={reveal}
      onTouchStart={reveal}
      sx={{
        position: 'relative',
        width: '100%',
        height: '100%',
        bgcolor: 'common.black',
        cursor: visible ? 'default' : 'none',
      }}
    >
      <Box
        component="video"
        ref={video}
        src={src}
        poster={poster}
        playsInline
        preload="none"
        aria-label={title}
        onPlay={() => {
          setStarted(true);
          setPlaying(true);
          reveal();
        }}
        onPause={() => {
          setPlaying(false);
          setControlsShown(true);
          clearTimeout(hideTimer.current);
        }}
        onEnded={() => setPlaying(false)}
        onError={failed}
        onVolumeChange={() => setMuted(Boolean(video.current?.muted))}
        onClick={togglePlay}
        sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
      />
      {!started && (
        <Box data-testid="video-poster" sx={POSTER_SX}>
          {poster ? (
            <Photo src={poster} alt="" iconSize={72} sx={FILL_SX} />
          ) : (
            <PhotoPlaceholder iconSize={72} sx={FILL_SX} />
          )}
        </Box>
      )}
      {failure && (
        <Stack
          role="alert"
          data-testid="video-failure"
          spacing={1.5}
          sx={{
            position: 'absolute',
            inset: 0,
            zIndex: 1,
            alignItems: 'center',
            justifyContent: 'center',
            px: 3,
            textAlign: 'center',
            color: 'common.white',
            bgcolor: 'rgba(0,0,0,0.72)',
          }}
        >
          <ErrorOutline sx={{ fontSize: 44, color: 'grey.400' }} />
          <Box sx={{ fontSize: 15 }}>{failure}</Box>
          <Button variant="outlined" color="inherit" size="small" onClick={retry}>
            {PROPERTY_MESSAGES.videoRetry}
          </Button>
        </Stack>
      )}
      {!playing && !failure && (
        <IconButton
          aria-label="播放视频"
          onClick={togglePlay}
          sx={{
            position: 'absolute',
            top: '50%',
            left: '50%',
            transform: 'translate(-50%, -50%)',
            width: 64,
            height: 64,
            bgcolor: 'rgba(0,0,0,0.55)',
            color: 'common.white',
            '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' },
          }}
        >
          <PlayArrow sx={{ fontSize: 40 }} />
        </IconButton>
      )}
      <Stack
        direction="row"
        role="toolbar"
        aria-label="视频控制"
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          px: 1,
          py: 0.5,
          alignItems: 'center',
          background: 'linear-gradient(transparent, rgba(0,0,0,0.6))',
          opacity: visible ? 1 : 0,
          visibility: visible ? 'visible' : 'hidden',
          transition: 'opacity 300ms ease, visibility 300ms',
        }}
      >
        <IconButton aria-label={playing ? '暂停' : '播放'} onClick={togglePlay} sx={controlSx}>
          {playing ? <Pause /> : <PlayArrow />}
        </IconButton>
        <IconButton aria-label={muted ? '取消静音' : '静音'} onClick={toggleMute} sx={controlSx}>
          {muted ? <VolumeOff /> : <VolumeUp />}
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <IconButton
          aria-label={fullscreen ? '退出全屏' : '全屏'}
          onClick={() => void toggleFullscreen()}
          sx={controlSx}
        >
          {fullscreen ? <FullscreenExit /> : <Fullscreen />}
        </IconButton>
      </Stack>
    </Box>
  );
}
