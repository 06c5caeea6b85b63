import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { Property } from '@couchdb/model/property';
import { factsSummary } from '@couchdb/model/listing-facts';
import {
  formatArea,
  formatPrice,
  formatRelativeDate,
  formatUnitPrice,
} from '@couchdb/rules/format';
import { formatPriceDrop, priceDropSince } from '@couchdb/rules/price-history';
import { coverImage, coverPhoto } from './cover-image';
import { FavoriteButton } from './favorite-button';
import { PropertyBadges } from './property-badges';
import { VerifiedBadge } from './verified-badge';
import { Photo, PhotoPlaceholder } from '@client/components/photo';

/** The cover's displayed width: a list row's fixed box, or a grid card (one to four columns). */
const LIST_PHOTO_SIZES = '(min-width: 600px) 200px, 116px';
const GRID_PHOTO_SIZES = '(min-width: 1200px) 300px, (min-width: 600px) 50vw, 100vw';

export type PropertyCardLayout = 'grid' | 'list';

/** The listing fields a card shows (and the only ones it compares before re-rendering). */
const CARD_FIELDS = [
  'id',
  'title',
  'type',
  'price',
  'area',
  'rooms',
  'address',
  'features',
  'images',
  'is_featured',
  'created_at',
  'facts',
  'price_history',
  'verification_code',
  'verification_status',
] as const;

type OptionalCardField = 'facts' | 'price_history' | 'verification_code' | 'verification_status';
export type CardProperty = Pick<
  Property,
  Exclude<(typeof CARD_FIELDS)[number], OptionalCardField>
> &
  Partial<Pick<Property, OptionalCardField>>;

interface PropertyCardProps {
  property: CardProperty;
  layout?: PropertyCardLayout;
  /** Whether the heart is shown filled; omit `onToggleFavorite` to hide the heart. */
  favorite?: boolean;
  /** When the user favourited it: the card shows the price drop since then (降价…). */
  favoritedAt?: string | undefined;
  onToggleFavorite?: (id: string) => void;
  /** "Now" for the 新房源 badge and the relative date (one value per render of a list). */
  now: number;
  /**
   * Where the card stands in its list: the first ones are likely on screen at load, so their photos
   * load at once (the page's largest paint), the rest lazily.
   */
  index?: number;
}

/** Cards this far into a list are treated as above the fold. */
const EAGER_CARDS = 4;

/** The cover photo (or its placeholder) fills its box. */
const COVER_SX = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
} as const;

/** A listing in the list, the home page and the user's lists: photo, badges, facts, price, heart. */
function PropertyCardView({
  property: p,
  layout = 'grid',
  favorite = false,
  favoritedAt,
  onToggleFavorite,
  now,
  index = EAGER_CARDS,
}: PropertyCardProps) {
  const eager = index < EAGER_CARDS;
  const cover = coverImage(p.images);
  const list = layout === 'list';
  const facts = [p.rooms, formatArea(p.area), p.address?.district].filter(Boolean).join(' · ');
  const unitPrice = formatUnitPrice(p.type, p.price, p.area);
  const factLine = factsSummary(p.facts, p.type);
  const drop =
    favorite && favoritedAt
      ? formatPriceDrop(p.type, priceDropSince(p.price_history, p.price, favoritedAt))
      : '';

  return (
    <Card
      data-testid="property-card"
      data-property-id={p.id}
      sx={{
        position: 'relative',
        height: '100%',
        '&:hover': { boxShadow: '0 8px 24px rgba(31,35,41,0.08)' },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/properties/${encodeURIComponent(p.id)}`}
        aria-label={p.title}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: list ? 'row' : 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Box
          sx={{
            position: 'relative',
            flexShrink: 0,
            width: list ? { xs: 116, sm: 200 } : '100%',
            aspectRatio: list ? '4 / 3' : '3 / 2',
            alignSelf: 'flex-start',
            m: list ? { xs: 1.25, sm: 1.5 } : 0,
            mr: list ? 0 : undefined,
            borderRadius: list ? '8px' : 0,
            bgcolor: 'grey.100',
            overflow: 'hidden',
          }}
        >
          {cover ? (
            <Photo
              src={cover}
              photo={coverPhoto(p.images) ?? cover}
              sizes={list ? LIST_PHOTO_SIZES : GRID_PHOTO_SIZES}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
              sx={COVER_SX}
            />
          ) : (
            <PhotoPlaceholder sx={COVER_SX} />
          )}
          <Box sx={{ position: 'absolute', top: list ? 4 : 8, left: list ? 4 : 8 }}>
            <PropertyBadges property={p} now={now} />
          </Box>
        </Box>
        <Stack spacing={0.75} sx={{ p: list ? { xs: 1.25, sm: 2 } : 1.75, minWidth: 0, flex: 1 }}>
          <Typography
            component="h3"
            sx={{
              fontWeight: 600,
              fontSize: { xs: 15, md: 16 },
              lineHeight: 1.4,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              pr: list ? 4 : 0,
            }}
          >
            {p.title}
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: 13 }} noWrap>
            {facts}
          </Typography>
          {factLine && (
            <Typography
              data-testid="property-card-facts"
              color="text.secondary"
              sx={{ fontSize: 13 }}
              noWrap
            >
              {factLine}
            </Typography>
          )}
          {p.address?.community && (
            <Stack
              direction="row"
              spacing={0.25}
              sx={{ alignItems: 'center', color: 'text.secondary', minWidth: 0 }}
            >
              <PlaceOutlined sx={{ fontSize: 15 }} />
              <Typography sx={{ fontSize: 13 }} noWrap>
                {p.address.community}
              </Typography>
            </Stack>
          )}
          {p.features.length > 0 && (
            <Stack direction="row" spacing={0.5} sx={{ overflow: 'hidden', flexWrap: 'nowrap' }}>
              {p.features.slice(0, 3).map((tag) => (
                <Box
                  key={tag}
                  component="span"
                  sx={{
                    fontSize: 12,
                    px: 0.75,
                    py: 0.125,
                    borderRadius: '4px',
                    bgcolor: '#f2f4f7',
                    color: '#4e5969',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {tag}
                </Box>
              ))}
            </Stack>
          )}
          <VerifiedBadge property={p} />
          <Box sx={{ flexGrow: 1 }} />
          {drop && (
            <Box
              component="span"
              data-testid="property-price-drop"
              sx={{
                alignSelf: 'flex-start',
                fontSize: 12,
                fontWeight: 600,
                px: 0.75,
                py: 0.125,
                borderRadius: '4px',
                bgcolor: '#e8f7ee',
                color: 'success.dark',
              }}
            >
              {drop}
            </Box>
          )}
          <Stack
            direction="row"
            sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
              <Typography
                data-testid="property-price"
                sx={{
                  color: 'secondary.main',
                  fontWeight: 700,
                  fontSize: { xs: 18, md: 20 },
                  whiteSpace: 'nowrap',
                }}
              >
                {formatPrice(p.type, p.price)}
              </Typography>
              {unitPrice && (
                <Typography color="text.secondary" sx={{ fontSize: 12 }} noWrap>
                  {unitPrice}
                </Typography>
              )}
            </Stack>
            <Typography color="text.disabled" sx={{ fontSize: 12, flexShrink: 0 }}>
              {formatRelativeDate(p.created_at, now)}
            </Typography>
          </Stack>
        </Stack>
      </CardActionArea>
      {onToggleFavorite && (
        <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
          <FavoriteButton
            active={favorite}
            onToggle={() => onToggleFavorite(p.id)}
            variant={list ? 'plain' : 'overlay'}
          />
        </Box>
      )}
    </Card>
  );
}

/** Whether two versions of a listing show the same card: the same value of every field it shows. */
function sameCard(a: CardProperty, b: CardProperty): boolean {
  return (
    a === b ||
    CARD_FIELDS.every(
      (field) => a[field] === b[field] || JSON.stringify(a[field]) === JSON.stringify(b[field]),
    )
  );
}

/**
 * Memoised: a list re-renders on every batch of the first sync and every change of any listing,
 * but a card only when what it shows of its listing, its heart or its layout changed. A new object
 * with the same content (the device's copy of a listing first shown from the page's prefetch, a
 * revision that changed other fields) does not re-render it.
 */
export const PropertyCard = memo(
  PropertyCardView,
  (prev, next) =>
    sameCard(prev.property, next.property) &&
    prev.layout === next.layout &&
    prev.favorite === next.favorite &&
    prev.favoritedAt === next.favoritedAt &&
    prev.onToggleFavorite === next.onToggleFavorite &&
    prev.now === next.now &&
    prev.index === next.index,
);
