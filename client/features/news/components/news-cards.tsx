import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NewsDoc } from '@client/data/schemas/news.schema';
import { NewsMeta } from './news-meta';
import { Photo, PhotoPlaceholder } from '@client/components/photo';

const clamp = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  }) as const;

function Cover({
  url,
  height,
  sizes,
}: {
  url: string;
  height: number | Record<string, number>;
  /** The cover's displayed width (the <img> `sizes`). */
  sizes: string;
}) {
  const sx = { width: '100%', height, objectFit: 'cover', display: 'block' } as const;
  return url ? (
    <Photo src={url} sizes={sizes} alt="" loading="lazy" kind="article" sx={sx} />
  ) : (
    <PhotoPlaceholder kind="article" sx={sx} />
  );
}

/** A headline (the first three of the all view): big cover with the title over it. */
export function HeadlineCard({
  article,
  now,
  large,
}: {
  article: NewsDoc;
  now: number;
  large?: boolean;
}) {
  return (
    <Card data-testid="news-headline" sx={{ position: 'relative', height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/news/${encodeURIComponent(article.id)}`}
        sx={{ height: '100%' }}
      >
        <Cover
          url={article.image_url}
          height={large ? { xs: 220, md: 340 } : { xs: 180, md: 160 }}
          sizes={large ? '(min-width: 900px) 66vw, 100vw' : '(min-width: 900px) 33vw, 100vw'}
        />
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            background: 'linear-gradient(transparent 35%, rgba(0,0,0,0.75))',
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'flex-end',
            p: { xs: 2, md: large ? 3 : 2 },
            color: 'common.white',
          }}
        >
          <Typography
            component="h2"
            sx={{ fontWeight: 700, fontSize: large ? { xs: 18, md: 24 } : 16, mb: 1, ...clamp(2) }}
          >
            {article.title}
          </Typography>
          {large && (
            <Typography
              sx={{
                fontSize: 14,
                opacity: 0.9,
                mb: 1,
                ...clamp(2),
                display: { xs: 'none', md: '-webkit-box' },
              }}
            >
              {article.summary}
            </Typography>
          )}
          <NewsMeta article={article} now={now} light />
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** An article in a list: thumbnail, title, summary, meta. */
export function NewsListItem({ article, now }: { article: NewsDoc; now: number }) {
  return (
    <Card data-testid="news-item">
      <CardActionArea
        component={RouterLink}
        to={`/news/${encodeURIComponent(article.id)}`}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <Box sx={{ width: { xs: 112, sm: 200 }, flexShrink: 0 }}>
          <Cover
            url={article.image_url}
            height={{ xs: 96, sm: 130 }}
            sizes="(min-width: 600px) 200px, 112px"
          />
        </Box>
        <Stack spacing={0.75} sx={{ p: { xs: 1.25, sm: 2 }, minWidth: 0, flex: 1 }}>
          <Typography
            component="h2"
            sx={{ fontWeight: 600, fontSize: { xs: 15, sm: 17 }, ...clamp(2) }}
          >
            {article.title}
          </Typography>
          <Typography
            color="textSecondary"
            sx={{ fontSize: 14, ...clamp(2), display: { xs: 'none', sm: '-webkit-box' } }}
          >
            {article.summary}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <NewsMeta article={article} now={now} />
        </Stack>
      </CardActionArea>
    </Card>
  );
}
