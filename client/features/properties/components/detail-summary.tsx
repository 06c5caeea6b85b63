import { memo } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import ThreeSixtyOutlined from '@mui/icons-material/ThreeSixtyOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { PosterButton } from '@client/components/poster/poster-button';
import {
  formatAddress,
  formatPrice,
  formatRelativeDate,
  formatUnitPrice,
} from '@couchdb/rules/format';
import { PropertyBadges } from '@client/components/property/property-badges';
import { useFavoriteToggle } from '@client/components/property/use-favorite-toggle';
import type { PropertyDoc } from '@client/data/schemas/property.schema';

/** The detail page's summary beside the photos: badges, title, price, address, calls to action. */
export const DetailSummary = memo(function DetailSummary({
  property: p,
  now,
  contactHref,
  onContact,
  onPanorama,
  onShare,
}: {
  property: PropertyDoc;
  now: number;
  /** A visitor's 电话咨询: the login with the way back (a link, working before the app has loaded). */
  contactHref: string | null;
  onContact: (event?: { preventDefault(): void }) => void;
  onPanorama: () => void;
  onShare: () => void;
}) {
  const favorites = useFavoriteToggle();
  const favorited = favorites.ids.has(p.id);
  const unitPrice = formatUnitPrice(p.type, p.price, p.area) || null;
  return (
    <Card
      component="section"
      aria-label="房源概要"
      sx={{ p: { xs: 2, md: 3 }, mx: { xs: 1.5, md: 0 } }}
    >
      <Stack spacing={1.5}>
        <PropertyBadges property={p} now={now} />
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontSize: { xs: 20, md: 24 }, lineHeight: 1.35 }}
        >
          {p.title}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
          <Typography
            data-testid="detail-price"
            sx={{
              color: 'secondary.main',
              fontWeight: 800,
              fontSize: { xs: 28, md: 32 },
              whiteSpace: 'nowrap',
            }}
          >
            {formatPrice(p.type, p.price)}
          </Typography>
          {unitPrice && <Typography color="textSecondary">{unitPrice}</Typography>}
        </Stack>
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'flex-start', color: 'text.secondary' }}
        >
          <PlaceOutlined sx={{ fontSize: 18, mt: 0.25 }} />
          <Typography data-testid="detail-address" sx={{ fontSize: 14 }}>
            {formatAddress(p.address)}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ color: 'text.secondary', fontSize: 13 }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <VisibilityOutlined sx={{ fontSize: 16 }} />
            <span data-testid="detail-views">浏览 {p.view_count ?? 0} 次</span>
          </Stack>
          <span>{formatRelativeDate(p.created_at, now)}发布</span>
        </Stack>
        <Divider />
        <Stack useFlexGap direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            color="secondary"
            size="large"
            startIcon={<PhoneInTalkOutlined />}
            onClick={onContact}
            {...(contactHref ? { href: contactHref } : {})}
            sx={{ flexGrow: 1 }}
          >
            电话咨询
          </Button>
          <Button
            variant="outlined"
            size="large"
            startIcon={<ThreeSixtyOutlined />}
            onClick={onPanorama}
            sx={{ flexGrow: 1 }}
          >
            360°全景
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          {/* The heart and its word are one button, as 分享 beside it. */}
          <Button
            color="inherit"
            startIcon={favorited ? <Favorite color="secondary" /> : <FavoriteBorder />}
            aria-pressed={favorited}
            onClick={() => favorites.toggle(p.id)}
            sx={{ color: 'text.secondary' }}
          >
            {favorited ? '已收藏' : '收藏'}
          </Button>
          <Button
            color="inherit"
            startIcon={<ShareOutlined />}
            onClick={onShare}
            sx={{ color: 'text.secondary' }}
          >
            分享
          </Button>
          <PosterButton listing={p} color="inherit" sx={{ color: 'text.secondary' }} />
        </Stack>
      </Stack>
    </Card>
  );
});
