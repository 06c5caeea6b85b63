import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import { NEWS_MESSAGES } from '@couchdb/model/news-facts';
import { formatRelativeDate } from '@couchdb/rules/format';
import { EmptyState } from '@client/components/empty-state';
import { VISUALLY_HIDDEN } from '@client/components/look';
import { useToast } from '@client/components/toast/toast-context';
import { useNewsArticle, useOpenDevice, useSyncSettled } from '@client/data/hooks';
import type { NewsDoc } from '@client/data/schemas/news.schema';
import { NewsCategoryChip } from './components/news-meta';
import { sanitizeArticleHtml } from './sanitize-html';
import { Photo } from '@client/components/photo';
import { useClientValue } from '@client/lib/use-client-value';

const LIKED_KEY = 'cjfc.news.liked';

function likedIds(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(LIKED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function rememberLike(id: string) {
  try {
    localStorage.setItem(LIKED_KEY, JSON.stringify([...likedIds(), id].slice(-500)));
  } catch {
    // Private mode: the like still counts on the server.
  }
}

/** 资讯详情 (product §2): sanitised article HTML, author, views (counted) and the like. */
export default function NewsDetailScreen() {
  const { id } = useParams();
  const { data: article } = useNewsArticle(id);
  const settled = useSyncSettled('news');
  const visible = article?.status === 'published';

  if (article === undefined || (article === null && !settled)) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }} aria-busy>
        <Skeleton width="80%" height={48} />
        <Skeleton width="40%" />
        <Skeleton variant="rectangular" height={320} sx={{ mt: 2, borderRadius: 3 }} />
      </Container>
    );
  }
  if (!article || !visible) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <EmptyState
          icon={<ArticleOutlined fontSize="inherit" />}
          title={NEWS_MESSAGES.notFound}
          action={
            <Button component={RouterLink} to="/news" variant="contained">
              返回资讯列表
            </Button>
          }
        />
      </Container>
    );
  }
  return <Article key={article.id} article={article} />;
}

function Article({ article }: { article: NewsDoc }) {
  const toast = useToast();
  const device = useOpenDevice();
  const [now] = useState(() => Date.now());
  // A first screen is rendered as not liked (the gateway cannot know): hydration starts there too.
  // Likes are remembered only on this device, read once a render (another tab's is not watched).
  const likedBefore = useClientValue(() => likedIds().has(article.id), false);
  const [likedNow, setLiked] = useState(false);
  const liked = likedBefore || likedNow;
  const html = useMemo(() => sanitizeArticleHtml(article.content ?? ''), [article.content]);

  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!device) return;
    const key = `${device.database.name}:${article.id}`;
    if (counted.current === key) return;
    counted.current = key;
    device.sync?.counters
      .record('news_view', article.id)
      .catch((err: unknown) => console.error('recording the article view failed', article.id, err));
  }, [device, article.id]);

  const like = () => {
    device?.sync?.counters
      .record('news_like', article.id)
      .catch((err: unknown) => console.error('recording the like failed', article.id, err));
    rememberLike(article.id);
    setLiked(true);
    toast.success(NEWS_MESSAGES.liked);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 } }}>
      <Link
        component={RouterLink}
        to="/news"
        underline="none"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          fontSize: 14,
          color: 'text.secondary',
          mb: 2,
        }}
      >
        <ChevronLeft fontSize="small" />
        返回资讯列表
      </Link>
      <Card component="article" sx={{ p: { xs: 2, md: 4 } }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontSize: { xs: 22, md: 30 }, lineHeight: 1.35, mb: 1.5 }}
        >
          {article.title}
        </Typography>
        {/* The article's facts once: author, date (今天, N天前…) and views (product §2, product §9). */}
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ mb: 3, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <NewsCategoryChip category={article.category} />
          <Typography color="textSecondary" sx={{ fontSize: 13 }}>
            作者：<span data-testid="news-author">{article.author_name || '平台编辑'}</span> ·{' '}
            {formatRelativeDate(article.created_at, now)}
            {' · '}
            <span data-testid="news-views">阅读 {article.view_count ?? 0}</span>
          </Typography>
        </Stack>
        {article.image_url && (
          <Photo
            src={article.image_url}
            sizes="(min-width: 900px) 836px, 100vw"
            alt=""
            kind="article"
            sx={{ width: '100%', borderRadius: 2, mb: 3, display: 'block' }}
            placeholderSx={{ aspectRatio: '16 / 9' }}
          />
        )}
        {article.summary && (
          <Typography
            sx={{
              bgcolor: '#f7f8fa',
              borderLeft: 4,
              borderColor: 'primary.main',
              p: 2,
              borderRadius: 1,
              mb: 3,
              color: 'text.secondary',
            }}
          >
            {article.summary}
          </Typography>
        )}
        {/* The body's own headings (h3 from the editor) sit under this one, not under the h1. */}
        <Box component="h2" sx={VISUALLY_HIDDEN}>
          正文
        </Box>
        <Box
          data-testid="news-content"
          // Sanitised above with DOMPurify: no scripts, handlers or javascript: links survive.
          dangerouslySetInnerHTML={{ __html: html }}
          sx={{
            lineHeight: 1.9,
            fontSize: 16,
            color: '#2b3038',
            wordBreak: 'break-word',
            '& h2, & h3': { fontSize: 19, mt: 3, mb: 1 },
            '& p': { my: 1.5 },
            '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
            '& ul, & ol': { pl: 3 },
            '& a': { color: 'primary.main' },
          }}
        />
        <Stack sx={{ alignItems: 'center', mt: 4 }}>
          <Button
            variant={liked ? 'contained' : 'outlined'}
            size="large"
            startIcon={liked ? <ThumbUp /> : <ThumbUpOutlined />}
            onClick={like}
            aria-pressed={liked}
            sx={{ borderRadius: 10, px: 4 }}
          >
            {liked ? '已点赞' : '点赞'} ·{' '}
            <span data-testid="news-likes">{article.like_count ?? 0}</span>
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
