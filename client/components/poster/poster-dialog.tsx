/**
 * The listing poster's dialog (房源海报, issue 15 item 3), loaded on demand: draws the poster on the
 * device, shows the PNG, saves it (download) or shares it through the system share sheet.
 */
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { POSTER_MESSAGES as pm, posterFileName } from '@couchdb/model/poster-facts';
import {
  POSTER_PROMOTION_SOURCE,
  PROMOTION_MESSAGES,
  promotionQuery,
} from '@couchdb/model/promotion-facts';
import type { User } from '@couchdb/model/user';
import { POSTER_HEIGHT, POSTER_WIDTH, type PosterProperty } from '@couchdb/rules/poster';
import { useToast } from '@client/components/toast/toast-context';
import { displayName } from '@client/lib/session/display-name';
import { drawPoster } from './draw-poster';

type Poster =
  | { state: 'drawing' }
  | { state: 'ready'; blob: Blob; url: string; coverShown: boolean }
  | { state: 'failed' };

export default function PosterDialog({
  property,
  agent,
  onClose,
}: {
  property: PosterProperty;
  agent: User;
  onClose(): void;
}) {
  const theme = useTheme();
  const toast = useToast();
  const [poster, setPoster] = useState<Poster>({ state: 'drawing' });
  // The link is stamped once per opening of the dialog (its timestamp is when it was made).
  const link = useMemo(() => posterLink(property.id, agent), [property.id, agent]);

  useEffect(() => {
    let cancelled = false;
    let url = '';
    const canvas = document.createElement('canvas');
    drawPoster(canvas, {
      listing: property,
      agent: {
        name: displayName(agent),
        phone: agent.phone,
        ...(agent.company ? { company: agent.company } : {}),
      },
      link,
      coverUrls: coverUrls(property),
      fontFamily: String(theme.typography.fontFamily),
    })
      .then(async (coverShown) => {
        const blob = await pngOf(canvas);
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setPoster({ state: 'ready', blob, url, coverShown });
      })
      .catch((err: unknown) => {
        console.error('drawing the poster failed', property.id, err);
        if (!cancelled) setPoster({ state: 'failed' });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [property, agent, link, theme.typography.fontFamily]);

  const fileName = posterFileName(property.id);
  const save = () => {
    if (poster.state !== 'ready') return;
    try {
      const a = document.createElement('a');
      a.href = poster.url;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      toast.success(pm.saved);
    } catch (err) {
      console.error('saving the poster failed', err);
      toast.error(pm.saveFailed);
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    if (poster.state !== 'ready') return;
    try {
      const file = new File([poster.blob], fileName, { type: 'image/png' });
      const data: ShareData = {
        title: PROMOTION_MESSAGES.shareTitle,
        text: pm.shareText(property.title),
        url: link,
      };
      await navigator.share(
        navigator.canShare?.({ files: [file] }) ? { ...data, files: [file] } : data,
      );
    } catch (err) {
      // Closing the share sheet is not a failure.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      console.error('sharing the poster failed', err);
      toast.error(PROMOTION_MESSAGES.shareFailed);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      aria-labelledby="poster-title"
      // Full screen on a phone (by CSS: a media query hook would cost the first screen a chunk).
      slotProps={{
        paper: {
          sx: {
            m: { xs: 0, sm: 4 },
            width: { xs: '100%', sm: 'auto' },
            height: { xs: '100%', sm: 'auto' },
            maxHeight: { xs: '100%', sm: 'calc(100% - 64px)' },
            borderRadius: { xs: 0, sm: '12px' },
          },
        },
      }}
    >
      <DialogTitle id="poster-title">{pm.title}</DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'background.default', p: { xs: 1.5, sm: 2 } }}>
        {poster.state === 'ready' && !poster.coverShown && (
          <Alert severity="info" data-testid="poster-fallback" sx={{ mb: 1.5 }}>
            {pm.offlineCover}
          </Alert>
        )}
        <Box
          sx={{
            mx: 'auto',
            // The whole poster fits the screen's height beside the title, note and buttons.
            width: {
              xs: `min(100%, calc((100dvh - 220px) * ${POSTER_WIDTH / POSTER_HEIGHT}))`,
              sm: `min(360px, calc((100dvh - 280px) * ${POSTER_WIDTH / POSTER_HEIGHT}))`,
            },
            minWidth: 200,
            aspectRatio: `${POSTER_WIDTH} / ${POSTER_HEIGHT}`,
            borderRadius: 2,
            overflow: 'hidden',
            boxShadow: '0 6px 24px rgba(31,35,41,0.14)',
            bgcolor: 'background.paper',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {poster.state === 'ready' ? (
            <Box
              component="img"
              src={poster.url}
              alt={`${property.title}的房源海报`}
              data-testid="poster-image"
              sx={{ width: '100%', height: '100%', display: 'block' }}
            />
          ) : poster.state === 'drawing' ? (
            <Box role="status" sx={{ textAlign: 'center', color: 'text.secondary' }}>
              <CircularProgress size={28} />
              <Box sx={{ mt: 1, fontSize: 14 }}>{pm.drawing}</Box>
            </Box>
          ) : (
            <Alert severity="error">{pm.drawFailed}</Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 2, py: 1.5, gap: 1 }}>
        <Button onClick={onClose} color="inherit">
          关闭
        </Button>
        {canShare && (
          <Button
            variant="outlined"
            startIcon={<ShareOutlined />}
            onClick={() => void share()}
            disabled={poster.state !== 'ready'}
          >
            {pm.share}
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<DownloadOutlined />}
          onClick={save}
          disabled={poster.state !== 'ready'}
        >
          {pm.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The listing's promotion link for this agent (ref=poster, stamped now). */
function posterLink(propertyId: string, user: User): string {
  const query = promotionQuery(
    {
      id: user.id,
      name: displayName(user),
      ...(user.phone ? { phone: user.phone } : {}),
    },
    Date.now(),
    POSTER_PROMOTION_SOURCE,
  );
  return `${window.location.origin}/properties/${encodeURIComponent(propertyId)}?${query}`;
}

/**
 * The cover's addresses to try: the cover photo (is_cover, else the first) at full size as the
 * detail page shows it, then its thumbnail as the lists show it; either may be in the service
 * worker's media cache when offline.
 */
function coverUrls(property: PosterProperty): string[] {
  const images = [...(property.images ?? [])].sort((a, b) => a.sort_order - b.sort_order);
  const cover = images.find((i) => i.is_cover) ?? images[0];
  if (!cover) return [];
  return [...new Set([cover.url, cover.thumbnail_url].filter(Boolean))];
}

function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png');
  });
}
