import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OUTBOX_MESSAGES } from '@couchdb/model/media-checks';
import { imagesFailedMessage } from '@couchdb/model/media-facts';
import { REFUSED_CHANGE_MESSAGES } from '@couchdb/model/sync';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { useToast } from '@client/components/toast/toast-context';
import { forgetRefusedChange, useOutbox, useRefusedChanges } from '@client/data/hooks';
import { backgroundUploadSupported } from '@client/data/media/background-upload';
import { uploadingStopped, type OutboxFile } from '@client/data/media/media-outbox';
import { fileWaits } from '@client/data/media/outbox-db';
import { connectionKind, mayUploadVideo, videoWifiOnly } from '@client/data/media/video-network';
import { VideoWifiSwitch } from '@client/components/video-wifi-switch';
import { resendable } from '@client/data/sync/refusals';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';
import { useAuth } from '@client/lib/session/auth-context';
import { failureMessage } from '@client/pwa/failure-message';

const FILE_STATUS: Record<OutboxFile['status'], string> = {
  pending: '等待上传',
  uploading: '上传中',
  done: '已上传',
  failed: '上传失败',
};

/** The form that edits and resends a refused listing or demand (null for other changes). */
function resendLink(r: RefusedDoc, userId: string | undefined): string | null {
  if (!resendable(r, userId)) return null;
  const query = `edit=${encodeURIComponent(r.doc_id)}&refused=${encodeURIComponent(r.id)}`;
  if (r.collection_name === 'properties') return `/publish/property?${query}`;
  if (r.collection_name === 'demands') return `/publish/demand?${query}`;
  return null;
}

/**
 * What has not reached the server yet (spec's "nothing lost", architecture §5, §7): listings waiting for
 * their photos with each file's progress, retry and discard (an edit's photos kept because its
 * listing is not on this device, with their own line); and local changes the server refused,
 * with the reason, to edit and resend (listings and demands) or to dismiss.
 */
export function OutboxPanel() {
  const toast = useToast();
  const { user } = useAuth();
  const { outbox, entries } = useOutbox();
  const { data: refused, database } = useRefusedChanges();
  /**
   * The waiting listing the user asked to give up (`kept`: its photos are kept for a missing
   * listing); it stays after the dialog closes so the closing dialog keeps its texts.
   */
  const [abandoning, setAbandoning] = useState<{ id: string; kept: boolean; open: boolean } | null>(
    null,
  );
  if (entries.length === 0 && (!refused || refused.length === 0)) return null;

  const removeFile = (id: string) =>
    outbox
      ?.removeFile(id)
      .then((refusal) => refusal && toast.warning(refusal))
      .catch((err: unknown) =>
        toast.error(
          failureMessage(`removing failed file ${id} failed`, err, OUTBOX_MESSAGES.removeFailed),
        ),
      );
  const abandon = ({ id, kept }: { id: string; kept: boolean }) =>
    outbox
      ?.discard(id)
      .then(() => toast.info(kept ? OUTBOX_MESSAGES.discardedKept : OUTBOX_MESSAGES.abandoned))
      .catch((err: unknown) =>
        toast.error(
          failureMessage(
            `giving up waiting listing ${id} failed`,
            err,
            OUTBOX_MESSAGES.abandonFailed,
          ),
        ),
      );

  const videoMayGo = mayUploadVideo(videoWifiOnly(), connectionKind());
  const videosWait = entries.some(({ files }) =>
    files.some((f) => f.kind === 'video' && f.status !== 'done'),
  );

  // Whether files wait to be sent (not only kept for a missing listing, or refused).
  const filesWait = entries.some(
    ({ publication, files }) => !publication.listingMissing && files.some(fileWaits),
  );

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }} data-testid="outbox">
      {filesWait && (
        <Typography data-testid="outbox-background" sx={{ fontSize: 13, color: 'text.secondary' }}>
          {backgroundUploadSupported()
            ? OUTBOX_MESSAGES.background
            : OUTBOX_MESSAGES.openToContinue}
        </Typography>
      )}
      {videosWait && <VideoWifiSwitch onChange={() => outbox?.onConnectionChange()} />}
      {entries.map(({ publication, files }) => {
        const failed = files.filter((f) => f.status === 'failed');
        // A refused file is left out, not uploaded again; the others can be tried again.
        const refusedFiles = failed.filter((f) => f.refused);
        const retryable = failed.filter((f) => !f.refused);
        const failedImages = retryable.filter((f) => f.kind === 'image').map((f) => f.name);
        const kept = publication.listingMissing === true;
        // Uploading stops at a failed file until it is uploaded again or left out.
        const status = kept
          ? OUTBOX_MESSAGES.listingMissingStatus
          : !navigator.onLine
            ? OUTBOX_MESSAGES.offline
            : uploadingStopped(files)
              ? OUTBOX_MESSAGES.stopped
              : OUTBOX_MESSAGES.uploading;
        return (
          <Card key={publication.id} sx={{ p: 2 }} data-testid="outbox-entry">
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }} noWrap>
                {publication.listing.title}
              </Typography>
              <Typography
                data-testid="outbox-status"
                sx={{
                  fontSize: 13,
                  flexShrink: 0,
                  color: kept
                    ? 'warning.main'
                    : status === OUTBOX_MESSAGES.stopped
                      ? 'error.main'
                      : 'text.secondary',
                }}
              >
                {status}
              </Typography>
            </Stack>
            <Stack spacing={0.75}>
              {files.map((f) => (
                <Box key={f.id} data-testid="outbox-file" data-status={f.status}>
                  <Stack direction="row" sx={{ fontSize: 13, gap: 1 }}>
                    <Typography sx={{ fontSize: 13, flexGrow: 1, minWidth: 0 }} noWrap>
                      {f.name}
                    </Typography>
                    <Typography
                      sx={{
                        fontSize: 13,
                        color: f.status === 'failed' ? 'error.main' : 'text.secondary',
                      }}
                    >
                      {f.status === 'pending' && f.kind === 'video' && !videoMayGo
                        ? OUTBOX_MESSAGES.waitingForWifi
                        : FILE_STATUS[f.status]}
                    </Typography>
                    {f.status !== 'done' && (f.sentBytes ?? 0) > 0 && (
                      <Typography
                        data-testid="outbox-file-sent"
                        sx={{ fontSize: 13, color: 'text.secondary', flexShrink: 0 }}
                      >
                        {OUTBOX_MESSAGES.sent(f.sentBytes!, f.blob.size)}
                      </Typography>
                    )}
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={f.status === 'done' ? 100 : f.progress}
                    color={f.status === 'failed' ? 'error' : 'primary'}
                    sx={{ height: 4, borderRadius: 2 }}
                  />
                  {/* The gateway's own reason (type, size, today's quota), under the file it concerns. */}
                  {f.status === 'failed' && (
                    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mt: 0.25 }}>
                      <Typography
                        data-testid="outbox-file-error"
                        sx={{ fontSize: 12, color: 'error.main', flexGrow: 1 }}
                      >
                        {f.error}
                      </Typography>
                      <Button
                        size="small"
                        sx={{ flexShrink: 0, minWidth: 0, py: 0 }}
                        aria-label={`${OUTBOX_MESSAGES.removeFile} ${f.name}`}
                        onClick={() => void removeFile(f.id)}
                      >
                        {OUTBOX_MESSAGES.removeFile}
                      </Button>
                    </Stack>
                  )}
                </Box>
              ))}
            </Stack>
            {kept && (
              <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="outbox-listing-missing">
                <div>{OUTBOX_MESSAGES.listingMissing}</div>
                <div>{OUTBOX_MESSAGES.listingMissingHint}</div>
              </Alert>
            )}
            {failed.length > 0 && (
              <Alert severity="error" sx={{ mt: 1.5 }} data-testid="outbox-alert">
                {retryable.length > 0 && (
                  <div>{imagesFailedMessage(failedImages) ?? retryable[0]!.error}</div>
                )}
                {refusedFiles.length > 0 && (
                  <div>{OUTBOX_MESSAGES.refusedFiles(refusedFiles.map((f) => f.name))}</div>
                )}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
              {retryable.length > 0 && (
                <Button size="small" onClick={() => void outbox?.retry()}>
                  {OUTBOX_MESSAGES.retry}
                </Button>
              )}
              <Button
                size="small"
                color="error"
                onClick={() => setAbandoning({ id: publication.id, kept, open: true })}
              >
                {kept ? OUTBOX_MESSAGES.discardKept : OUTBOX_MESSAGES.abandon}
              </Button>
            </Stack>
          </Card>
        );
      })}
      {refused?.map((r) => {
        const link = resendLink(r, user?.id);
        return (
          <Alert
            key={r.id}
            severity="warning"
            data-testid="refused-change"
            sx={{ '& .MuiAlert-message': { flexGrow: 1 } }}
          >
            {REFUSED_CHANGE_MESSAGES.summary(
              (r.doc as { title?: string }).title ?? r.doc_id,
              r.message,
            )}
            {/* Below the reason (not beside it), so a phone keeps the text readable. */}
            <Stack direction="row" spacing={1} sx={{ mt: 0.5, justifyContent: 'flex-end' }}>
              {link && (
                <Button color="inherit" size="small" component={RouterLink} to={link}>
                  {REFUSED_CHANGE_MESSAGES.editAndResend}
                </Button>
              )}
              <Button
                color="inherit"
                size="small"
                onClick={() =>
                  database &&
                  void forgetRefusedChange(database, r.id).catch((err: unknown) =>
                    console.error('dismissing a refused change failed', r.id, err),
                  )
                }
              >
                {REFUSED_CHANGE_MESSAGES.dismiss}
              </Button>
            </Stack>
          </Alert>
        );
      })}
      <ConfirmDialog
        open={abandoning?.open === true}
        title={abandoning?.kept ? OUTBOX_MESSAGES.discardKeptTitle : OUTBOX_MESSAGES.abandonTitle}
        message={
          abandoning?.kept ? OUTBOX_MESSAGES.discardKeptConfirm : OUTBOX_MESSAGES.abandonConfirm
        }
        confirmLabel={abandoning?.kept ? OUTBOX_MESSAGES.discardKept : OUTBOX_MESSAGES.abandon}
        onConfirm={() => abandoning && void abandon(abandoning)}
        onClose={() => setAbandoning((a) => a && { ...a, open: false })}
      />
    </Stack>
  );
}
