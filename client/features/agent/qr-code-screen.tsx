import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { generate } from 'lean-qr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { QR_SIZE_DEFAULT, QR_SIZE_MAX, QR_SIZE_MIN } from '@couchdb/model/constants';
import { PROMOTION_MESSAGES, QR_FILE_NAME, promotionQuery } from '@couchdb/model/promotion-facts';
import { ROLE_LABELS } from '@couchdb/model/roles';
import { copyText } from '@client/components/copy-text';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/toast-context';
import { displayName } from '@client/lib/session/display-name';
import { useAuth } from '@client/lib/session/auth-context';
import type { User } from '@couchdb/model/user';

const pm = PROMOTION_MESSAGES;
/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const QUIET_ZONE = 4;

/**
 * 推广二维码 (product §2 Agent pages): the signed-in user's promotion link (ref=qr) and its QR code,
 * made on the device with lean-qr (works offline; architecture §10: no external QR service). Size slider
 * 150–300 px, copy the link, download the code as a PNG, share through the system share sheet.
 * Every signed-in user may open it (product §6, the route requires login); only an agent's link
 * attributes visitors.
 */
export default function QrCodeScreen() {
  const { user } = useAuth();
  const toast = useToast();
  const [size, setSize] = useState(QR_SIZE_DEFAULT);
  const canvas = useRef<HTMLCanvasElement>(null);
  // The link is stamped once per visit of the page (its timestamp is when it was made).
  const link = useMemo(() => (user ? promotionLink(user) : ''), [user]);

  useEffect(() => {
    if (canvas.current && link) drawQr(canvas.current, link, size);
  }, [link, size]);

  if (!user) return null;
  const agent = user.user_type === 'agent';

  const copy = async () => {
    if (await copyText(link)) toast.success(pm.linkCopied);
    else toast.error(pm.copyFailed);
  };
  const download = async () => {
    try {
      const blob = await pngOf(canvas.current);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = QR_FILE_NAME;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(pm.qrDownloaded);
    } catch (err) {
      console.error('QR download failed', err);
      toast.error(pm.downloadFailed);
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    try {
      const file = new File([await pngOf(canvas.current)], QR_FILE_NAME, { type: 'image/png' });
      const data: ShareData = {
        title: pm.shareTitle,
        text: pm.shareText(displayName(user)),
        url: link,
      };
      await navigator.share(
        navigator.canShare?.({ ...data, files: [file] }) ? { ...data, files: [file] } : data,
      );
    } catch (err) {
      // Closing the share sheet is not a failure.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      console.error('share failed', err);
      toast.error(pm.shareFailed);
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title="推广二维码" />
      <Alert severity={agent ? 'info' : 'warning'} sx={{ mb: 2 }}>
        {agent ? pm.agentNote : pm.notAgent}
      </Alert>
      <Card sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>{displayName(user)}</Typography>
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
              {/* A line breaks between the parts, not inside one (高级置业顾 / 问), unless a part
                  is longer than the line itself; the dot stays at the end of the line before. */}
              {[ROLE_LABELS[user.user_type], user.company, user.position]
                .filter(Boolean)
                .map((part, i, parts) => (
                  <Fragment key={i}>
                    {i > 0 && ' '}
                    <span style={{ display: 'inline-block' }}>
                      {part}
                      {i < parts.length - 1 && '\u00a0·'}
                    </span>
                  </Fragment>
                ))}
            </Typography>
          </Box>
          <Box
            sx={{
              width: QR_SIZE_MAX,
              maxWidth: '100%',
              minHeight: QR_SIZE_MAX,
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <canvas
              ref={canvas}
              role="img"
              aria-label="推广二维码"
              data-testid="qr-canvas"
              width={size}
              height={size}
              style={{ width: size, height: size, maxWidth: '100%' }}
            />
          </Box>
          <Box sx={{ width: '100%', px: 1 }}>
            <Typography id="qr-size" sx={{ fontSize: 14 }}>
              二维码尺寸：{size} px
            </Typography>
            <Slider
              aria-labelledby="qr-size"
              value={size}
              min={QR_SIZE_MIN}
              max={QR_SIZE_MAX}
              step={10}
              marks={[
                { value: QR_SIZE_MIN, label: `${QR_SIZE_MIN}` },
                { value: QR_SIZE_MAX, label: `${QR_SIZE_MAX}` },
              ]}
              onChange={(_e, v) => setSize(v as number)}
            />
          </Box>
          <TextField
            label="推广链接"
            value={link}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'promotion-link' } }}
            onFocus={(e) => e.target.select()}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%' }}>
            <Button
              variant="contained"
              startIcon={<ContentCopyOutlined />}
              onClick={copy}
              fullWidth
            >
              复制链接
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              onClick={download}
              fullWidth
            >
              下载二维码
            </Button>
            {canShare && (
              <Button variant="outlined" startIcon={<ShareOutlined />} onClick={share} fullWidth>
                分享
              </Button>
            )}
          </Stack>
        </Stack>
      </Card>
    </Container>
  );
}

/** The user's promotion link to the home page (ref=qr, stamped now). */
function promotionLink(user: User): string {
  const query = promotionQuery({
    id: user.id,
    name: displayName(user),
    ...(user.phone ? { phone: user.phone } : {}),
  });
  return `${window.location.origin}/?${query}`;
}

/** Draws the QR code of `text` filling a `size`×`size` canvas, whole pixels per module. */
function drawQr(canvas: HTMLCanvasElement, text: string, size: number): void {
  const code = generate(text);
  const modules = code.size + QUIET_ZONE * 2;
  const cell = Math.max(1, Math.floor(size / modules));
  const offset = Math.floor((size - cell * modules) / 2) + QUIET_ZONE * cell;
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#000000';
  for (let y = 0; y < code.size; y++)
    for (let x = 0; x < code.size; x++)
      if (code.get(x, y)) ctx.fillRect(offset + x * cell, offset + y * cell, cell, cell);
}

function pngOf(canvas: HTMLCanvasElement | null): Promise<Blob> {
  return new Promise((resolve, reject) => {
    if (!canvas) return reject(new Error('no canvas'));
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png');
  });
}
