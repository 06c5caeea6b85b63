import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { NEWS_CATEGORY_LABELS, type NewsCategory } from '@couchdb/model/news-facts';
import { formatRelativeDate } from '@couchdb/rules/format';

/** An article's category as a small chip (light: over a headline's photo). */
export function NewsCategoryChip({
  category,
  light = false,
}: {
  category: NewsCategory;
  light?: boolean;
}) {
  return (
    <Chip
      label={NEWS_CATEGORY_LABELS[category]}
      size="small"
      sx={{
        height: 22,
        fontSize: 12,
        borderRadius: '6px',
        bgcolor: light ? 'rgba(255,255,255,0.2)' : 'primary.light',
        color: light ? 'common.white' : 'primary.dark',
      }}
    />
  );
}

/** Category, date and view count under a news title in a list. */
export function NewsMeta({
  article,
  now,
  light = false,
}: {
  article: { category: NewsCategory; created_at: string; view_count?: number | undefined };
  now: number;
  light?: boolean;
}) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{
        alignItems: 'center',
        fontSize: 13,
        color: light ? 'rgba(255,255,255,0.85)' : 'text.secondary',
      }}
    >
      <NewsCategoryChip category={article.category} light={light} />
      <span>{formatRelativeDate(article.created_at, now)}</span>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <VisibilityOutlined sx={{ fontSize: 15 }} />
        <span>{article.view_count ?? 0}</span>
      </Stack>
    </Stack>
  );
}
