import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { imagesFailedMessage } from '@couchdb/model/media-facts';
import { REFUSED_CHANGE_MESSAGES } from '@couchdb/model/sync';
import { forgetRefusedChange, useOutbox, useRefusedChanges } from '@client/data/hooks';
import type { OutboxFile } from '@client/data/media-outbox';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';

const FILE_STATUS: Record<OutboxFile['status'], string> = {
  pending: '等待上传',
  uploading: '上传中',
  done: '已上传',
  failed: '上传失败',
};

/** The form that edits and resends a refused listing or demand (null for other changes). */
function resendLink(r: RefusedDoc): string | null {
  const doc = r.doc as { _deleted?: boolean; status?: string };
  if (doc._deleted || doc.status === 'deleted') return null;
  const query = `edit=${encodeURIComponent(r.doc_id)}&refused=${encodeURIComponent(r.id)}`;
  if (r.collection_name === 'properties') return `/publish/property?${query}`;
  if (r.collection_name === 'demands') return `/publish/demand?${query}`;
  return null;
}

/**
 * What has not reached the server yet (spec's "nothing lost", DESIGN §5, §7): listings waiting for
 * their photos with each file's progress, retry and discard; and local changes the server refused,
 * with the reason, to edit and resend (listings and demands) or to dismiss.
 */
export function OutboxPanel() {
  const { outbox, entries } = useOutbox();
  const { data: refused, database } = useRefusedChanges();
  if (entries.length === 0 && (!refused || refused.length === 0)) return null;

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }} data-testid="outbox">
      {entries.map(({ publication, files }) => {
        const failed = files.filter((f) => f.status === 'failed');
        const failedImages = failed.filter((f) => f.kind === 'image').map((f) => f.name);
        return (
          <Card key={publication.id} sx={{ p: 2 }} data-testid="outbox-entry">
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }} noWrap>
                {publication.listing.title}
              </Typography>
              <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
                {navigator.onLine ? '正在上传图片视频' : '离线，联网后自动上传'}
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
                      {FILE_STATUS[f.status]}
                    </Typography>
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    value={f.status === 'done' ? 100 : f.progress}
                    color={f.status === 'failed' ? 'error' : 'primary'}
                    sx={{ height: 4, borderRadius: 2 }}
                  />
                  {/* The gateway's own reason (type, size, today's quota), under the file it concerns. */}
                  {f.status === 'failed' && f.error && (
                    <Typography
                      data-testid="outbox-file-error"
                      sx={{ fontSize: 12, color: 'error.main', mt: 0.25 }}
                    >
                      {f.error}
                    </Typography>
                  )}
                </Box>
              ))}
            </Stack>
            {failed.length > 0 && (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                {imagesFailedMessage(failedImages) ?? failed[0]!.error}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
              {failed.length > 0 && (
                <Button size="small" onClick={() => void outbox?.retry()}>
                  重新上传
                </Button>
              )}
              <Button
                size="small"
                color="error"
                onClick={() => void outbox?.discard(publication.id)}
              >
                放弃发布
              </Button>
            </Stack>
          </Card>
        );
      })}
      {refused?.map((r) => {
        const link = resendLink(r);
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
    </Stack>
  );
}
