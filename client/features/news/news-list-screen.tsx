import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { NEWS_HEADLINE_COUNT } from '@couchdb/model/constants';
import {
  NEWS_CATEGORIES,
  NEWS_CATEGORY_LABELS,
  NEWS_MESSAGES,
  type NewsCategory,
} from '@couchdb/model/news-facts';
import { EmptyState } from '@client/components/empty-state';
import { usePublishedNews } from '@client/data/hooks';
import { HeadlineCard, NewsListItem } from './components/news-cards';

type CategoryTab = NewsCategory | 'all';
const TABS: { value: CategoryTab; label: string }[] = [
  { value: 'all', label: '全部' },
  ...NEWS_CATEGORIES.map((c) => ({ value: c, label: NEWS_CATEGORY_LABELS[c] })),
];

function categoryOf(value: string | null): CategoryTab {
  return (NEWS_CATEGORIES as readonly string[]).includes(value ?? '')
    ? (value as NewsCategory)
    : 'all';
}

/**
 * 房产资讯 (product §2): categories all/market/policy/guide; up to 50 published articles; in the all
 * view the first three are headlines and the rest are under 更多资讯.
 */
export default function NewsListScreen() {
  const [params, setParams] = useSearchParams();
  const category = categoryOf(params.get('category'));
  const { data: articles } = usePublishedNews(category);
  const [now] = useState(() => Date.now());
  const headlines = category === 'all' ? (articles ?? []).slice(0, NEWS_HEADLINE_COUNT) : [];
  const rest = category === 'all' ? (articles ?? []).slice(NEWS_HEADLINE_COUNT) : (articles ?? []);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1, fontSize: { xs: 20, md: 24 } }}>
        房产资讯
      </Typography>
      <Tabs
        value={category}
        onChange={(_e, value: CategoryTab) =>
          setParams(value === 'all' ? {} : { category: value }, { replace: true })
        }
        aria-label="资讯分类"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            // Narrower than MUI's 90 px minimum, so every category fits a phone without arrows.
            sx={{ fontSize: 15, minWidth: 0, px: { xs: 1.5, sm: 2 } }}
          />
        ))}
      </Tabs>

      {!articles ? (
        <Stack spacing={2} aria-busy>
          <Skeleton variant="rectangular" height={280} sx={{ borderRadius: 3 }} />
          <Skeleton variant="rectangular" height={120} sx={{ borderRadius: 3 }} />
        </Stack>
      ) : articles.length === 0 ? (
        <EmptyState icon={<ArticleOutlined fontSize="inherit" />} title={NEWS_MESSAGES.empty} />
      ) : (
        <Stack spacing={3}>
          {headlines.length > 0 && (
            <Box
              component="section"
              aria-label="头条资讯"
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
                gridTemplateRows: { md: 'repeat(2, 1fr)' },
              }}
            >
              {headlines.map((a, i) => (
                <Box key={a.id} sx={{ gridRow: { md: i === 0 ? 'span 2' : 'auto' } }}>
                  <HeadlineCard article={a} now={now} large={i === 0} />
                </Box>
              ))}
            </Box>
          )}
          {rest.length > 0 && (
            <Box component="section" aria-labelledby="more-news">
              {category === 'all' && (
                <Typography
                  id="more-news"
                  component="h2"
                  sx={{ fontWeight: 700, fontSize: 18, mb: 1.5 }}
                >
                  更多资讯
                </Typography>
              )}
              <Stack spacing={1.5} data-testid="news-list">
                {rest.map((a) => (
                  <NewsListItem key={a.id} article={a} now={now} />
                ))}
              </Stack>
            </Box>
          )}
        </Stack>
      )}
    </Container>
  );
}
