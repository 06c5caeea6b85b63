/**
 * 离线地图 on the map screen: 下载全县地图 (size, progress in MB, cancel; then the kept copy's size and
 * date with 删除) when the gateway has the county's map file, and the limit of the seen-tile cache
 * with what it uses and 清除. Without Leaflet: the panel may show before the map has loaded.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MAP_MESSAGES,
  TILE_CACHE_LIMIT_CHOICES_MB,
  type MapConfig,
} from '@couchdb/model/map-facts';
import {
  CountyMapError,
  downloadCountyMap,
  keptCountyMap,
  onCountyMapChange,
  removeCountyMap,
  type KeptCountyMap,
} from './county-map-file';
import {
  clearTileCache,
  onTileCacheChange,
  setTileCacheLimit,
  tileCacheLimitMb,
  tileCacheUsage,
} from './tile-cache';

/** The shortest interval between two reads of the seen-tile cache's usage (ms). */
const USAGE_REFRESH_MS = 1_000;

type Notice = { severity: 'success' | 'info' | 'error'; text: string } | null;

function keptDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('zh-CN');
}

/** The kept copy of the county's map file, following downloads and removals anywhere on the page. */
function useKeptCountyMap(): KeptCountyMap | null | undefined {
  const [kept, setKept] = useState<KeptCountyMap | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const update = () =>
      void keptCountyMap()
        .catch((err: unknown) => {
          console.warn('[map] the kept county map was not read', err);
          return null;
        })
        .then((next) => live && setKept(next));
    update();
    const unsubscribe = onCountyMapChange(update);
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
  return kept;
}

export default function CountyMapPanel({
  config,
  onChange,
}: {
  config: MapConfig;
  /** Called once the kept county map or the seen-tile cache changed. */
  onChange?(): void;
}) {
  const { extract } = config;
  const kept = useKeptCountyMap();
  const [progress, setProgress] = useState<{ received: number; total: number } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const downloading = useRef<AbortController | null>(null);
  const [limit, setLimit] = useState(tileCacheLimitMb);
  const [usage, setUsage] = useState<number | null>(null);

  const readUsage = useCallback(() => {
    tileCacheUsage().then(setUsage, (err: unknown) => {
      console.warn('[map] the seen-tile cache was not read', err);
      setUsage(null);
    });
  }, []);
  useEffect(() => {
    readUsage();
    // Tiles are kept while the map is moved: the figure follows, read at most once per interval.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onTileCacheChange(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        readUsage();
      }, USAGE_REFRESH_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [readUsage]);
  // Cancels a download still going when the screen is left: nothing half done is kept.
  useEffect(() => () => downloading.current?.abort(), []);

  const download = async () => {
    if (!extract || downloading.current) return;
    const controller = new AbortController();
    downloading.current = controller;
    setNotice(null);
    setProgress({ received: 0, total: extract.bytes });
    try {
      await downloadCountyMap(
        extract,
        (received, total) => setProgress({ received, total }),
        controller.signal,
      );
      onChange?.();
    } catch (err) {
      if (err instanceof CountyMapError) {
        setNotice({ severity: err.failure === 'cancelled' ? 'info' : 'error', text: err.message });
        if (err.failure !== 'cancelled')
          console.warn('[map] county map not kept', err.cause ?? err);
      } else {
        console.error('[map] county map download failed', err);
        setNotice({ severity: 'error', text: MAP_MESSAGES.failed });
      }
    } finally {
      if (downloading.current === controller) downloading.current = null;
      setProgress(null);
    }
  };

  const remove = async () => {
    try {
      await removeCountyMap();
      setNotice({ severity: 'success', text: MAP_MESSAGES.removed });
      onChange?.();
    } catch (err) {
      console.error('[map] county map not removed', err);
      setNotice({ severity: 'error', text: MAP_MESSAGES.failed });
    }
  };

  const chooseLimit = async (mb: number) => {
    setLimit(mb);
    try {
      await setTileCacheLimit(mb);
    } catch (err) {
      console.error('[map] tile cache limit not applied', err);
    }
    readUsage();
    onChange?.();
  };

  const clear = async () => {
    try {
      await clearTileCache();
      setNotice({ severity: 'success', text: MAP_MESSAGES.tileCacheCleared });
    } catch (err) {
      console.error('[map] tile cache not cleared', err);
    }
    readUsage();
    onChange?.();
  };

  const showDownload = extract !== null || Boolean(kept);
  return (
    <Card sx={{ p: 2 }} data-testid="county-map-panel">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {MAP_MESSAGES.offlineTitle}
      </Typography>
      <Stack spacing={1.5}>
        {showDownload && progress && (
          <Stack spacing={1} data-testid="county-map-progress">
            <LinearProgress
              variant="determinate"
              value={
                progress.total > 0 ? Math.min(100, (100 * progress.received) / progress.total) : 0
              }
              aria-label={MAP_MESSAGES.downloading(progress.received, progress.total)}
              sx={{ height: 6, borderRadius: 3 }}
            />
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" color="textSecondary">
                {MAP_MESSAGES.downloading(progress.received, progress.total)}
              </Typography>
              <Button size="small" onClick={() => downloading.current?.abort()}>
                {MAP_MESSAGES.cancel}
              </Button>
            </Stack>
          </Stack>
        )}
        {showDownload && !progress && kept && (
          <Stack spacing={1}>
            <Typography variant="body2" data-testid="county-map-kept">
              {MAP_MESSAGES.kept(kept.bytes, keptDate(kept.savedAt))}
            </Typography>
            {extract && extract.version !== kept.version && (
              <Typography variant="body2" color="textSecondary">
                {MAP_MESSAGES.outdated}
              </Typography>
            )}
            <Stack direction="row" spacing={1}>
              {extract && extract.version !== kept.version && (
                <Button size="small" variant="contained" onClick={() => void download()}>
                  {MAP_MESSAGES.update}
                </Button>
              )}
              <Button size="small" color="error" onClick={() => void remove()}>
                {MAP_MESSAGES.remove}
              </Button>
            </Stack>
          </Stack>
        )}
        {extract && !progress && kept === null && (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Button variant="contained" onClick={() => void download()}>
              {MAP_MESSAGES.download(extract.bytes)}
            </Button>
            <Typography variant="body2" color="textSecondary">
              {MAP_MESSAGES.downloadHint}
            </Typography>
          </Stack>
        )}
        {notice && (
          <Alert severity={notice.severity} onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={MAP_MESSAGES.tileCacheLabel}
            value={limit}
            onChange={(event) => void chooseLimit(Number(event.target.value))}
            helperText={usage === null ? ' ' : MAP_MESSAGES.tileCacheUsage(usage)}
            sx={{ minWidth: 200 }}
          >
            {TILE_CACHE_LIMIT_CHOICES_MB.map((mb) => (
              <MenuItem key={mb} value={mb}>
                {MAP_MESSAGES.tileCacheLimit(mb)}
              </MenuItem>
            ))}
          </TextField>
          <Button size="small" onClick={() => void clear()} sx={{ mb: 2.5 }}>
            {MAP_MESSAGES.tileCacheClear}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
