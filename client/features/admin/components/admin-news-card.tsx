import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  NEWS_CATEGORY_LABELS,
  NEWS_STATUS_LABELS,
  type NewsStatus,
} from '@couchdb/model/news-facts';
import { formatDate } from '@couchdb/rules/format';
import type { NewsDoc } from '@client/data/schemas/news.schema';
import { Photo, PhotoPlaceholder } from '@client/components/photo';

const STATUS_COLORS: Record<NewsStatus, 'success' | 'warning' | 'default'> = {
  published: 'success',
  draft: 'warning',
  archived: 'default',
};

const COVER_SX = { width: '100%', height: 150, objectFit: 'cover', display: 'block' } as const;
/**
 * One article of /admin/news: cover, category and status badges, title, summary, views and date,
 * with 编辑 and 删除. An article the server has not stored yet (written offline) says 未同步.
 */
export function AdminNewsCard({
  article,
  onEdit,
  onDelete,
}: {
  article: NewsDoc;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <Card
      data-testid="admin-news-card"
      data-id={article.id}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      {article.image_url ? (
        <Photo src={article.image_url} alt="" loading="lazy" kind="article" sx={COVER_SX} />
      ) : (
        <PhotoPlaceholder kind="article" sx={COVER_SX} />
      )}
      <Stack spacing={1} sx={{ p: 2, flexGrow: 1 }}>
        <Stack useFlexGap direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.75 }}>
          <Chip size="small" label={NEWS_CATEGORY_LABELS[article.category]} />
          <Chip
            size="small"
            data-testid="news-status"
            color={STATUS_COLORS[article.status]}
            label={NEWS_STATUS_LABELS[article.status]}
          />
          {!article.server_rev && (
            <Chip size="small" variant="outlined" color="info" label={GENERIC_MESSAGES.unsynced} />
          )}
        </Stack>
        <Typography component="h2" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
          {article.title}
        </Typography>
        {article.summary && (
          <Typography
            sx={{
              fontSize: 14,
              color: 'text.secondary',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {article.summary}
          </Typography>
        )}
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', fontSize: 13, color: 'text.secondary', mt: 'auto' }}
        >
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <VisibilityOutlined sx={{ fontSize: 15 }} />
            <span>{article.view_count ?? 0}</span>
          </Stack>
          <span>{formatDate(article.created_at)}</span>
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ px: 2, pb: 2 }}>
        <Button size="small" variant="outlined" startIcon={<EditOutlined />} onClick={onEdit}>
          编辑
        </Button>
        <Button
          size="small"
          color="error"
          variant="outlined"
          startIcon={<DeleteOutlined />}
          onClick={onDelete}
        >
          删除
        </Button>
      </Stack>
    </Card>
  );
}
