import { map } from 'rxjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { imagesFailedMessage } from '@couchdb/model/media';
import { useLiveQuery, useOutbox } from '@client/data/hooks';
import type { OutboxFile } from '@client/data/media-outbox';
import type { RefusedDoc } from '@client/data/schemas/refused.schema';

const FILE_STATUS: Record<OutboxFile['status'], string> = {
  pending: '等待上传',
  uploading: '上传中',
  done: '已上传',
  failed: '上传失败',
};

/**
 * What has not reached the server yet (spec's "nothing lost", DESIGN §5, §7): listings waiting for
 * their photos with each file's progress, retry and discard; and local changes the server refused,
 * with the reason.
 */
export function OutboxPanel() {
  const { outbox, entries } = useOutbox();
  const { data: refused, database } = useLiveQuery('refused', (db) =>
    db.refused.find().$.pipe(map((docs) => docs.map((d) => d.toJSON() as RefusedDoc))),
  );
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
      {refused?.map((r) => (
        <Alert
          key={r.id}
          severity="warning"
          data-testid="refused-change"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() =>
                void database?.refused
                  .findOne(r.id)
                  .exec()
                  .then((doc) => doc?.remove())
                  .catch((err: unknown) => console.error('dismissing a refused change failed', err))
              }
            >
              知道了
            </Button>
          }
        >
          未能提交「{(r.doc as { title?: string }).title ?? r.doc_id}」：{r.message}
        </Alert>
      ))}
    </Stack>
  );
}
