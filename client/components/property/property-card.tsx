import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import CardActionArea from '@mui/material/CardActionArea';
import { styled } from '@mui/material/styles';
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
import { COLORS, FONT_STACK, widthUp } from '@client/components/look';
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
  'is_priority',
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

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const tag = {
  fontSize: 12,
  padding: '1px 6px',
  borderRadius: 4,
  whiteSpace: 'nowrap',
} as const;

/**
 * The card's whole look in one static style sheet, its parts plain elements with class names: a
 * list draws many cards at once (and the first screen hydrates them), and a card of MUI parts
 * each styled by `sx` cost 30 style computations a card (about 30 ms each on a slow phone).
 * The style is the look those parts had (Card, Typography body1, Stack, Box), unchanged.
 */
const CardRoot = styled('div')({
  position: 'relative',
  height: '100%',
  overflow: 'hidden',
  backgroundColor: COLORS.background.paper,
  color: COLORS.text.primary,
  border: '1px solid #eef0f2',
  borderRadius: 12,
  transition: 'box-shadow 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms',
  '&:hover': { boxShadow: '0 8px 24px rgba(31,35,41,0.08)' },
  '& .pc-action': {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    justifyContent: 'flex-start',
  },
  '& .pc-cover': {
    position: 'relative',
    flexShrink: 0,
    width: '100%',
    aspectRatio: '3 / 2',
    alignSelf: 'flex-start',
    backgroundColor: COLORS.grey100,
    overflow: 'hidden',
  },
  '& .pc-photo': {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    objectFit: 'cover',
  },
  '& .pc-badges': { position: 'absolute', top: 8, left: 8 },
  '& .pc-body': {
    display: 'flex',
    flexDirection: 'column',
    gap: 6,
    padding: 14,
    minWidth: 0,
    flex: 1,
  },
  '& .pc-body p, & .pc-body h2': {
    margin: 0,
    fontFamily: FONT_STACK,
    fontWeight: 400,
    lineHeight: 1.5,
  },
  '& .pc-body .pc-title': {
    fontWeight: 600,
    fontSize: 15,
    lineHeight: 1.4,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    [widthUp('md')]: { fontSize: 16 },
  },
  '& .pc-body .pc-line': { ...oneLine, fontSize: 13, color: COLORS.text.secondary },
  '& .pc-place': {
    display: 'flex',
    alignItems: 'center',
    gap: 2,
    minWidth: 0,
    color: COLORS.text.secondary,
  },
  '& .pc-place svg': { fontSize: 15 },
  '& .pc-tags': { display: 'flex', gap: 4, overflow: 'hidden', flexWrap: 'nowrap' },
  '& .pc-tag': { ...tag, backgroundColor: '#f2f4f7', color: '#4e5969' },
  '& .pc-grow': { flexGrow: 1 },
  '& .pc-drop': {
    ...tag,
    alignSelf: 'flex-start',
    fontWeight: 600,
    backgroundColor: '#e8f7ee',
    color: COLORS.successDark,
  },
  '& .pc-foot': {
    display: 'flex',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: 8,
  },
  // The unit price goes under the price where a narrow card has no room for both on one line.
  '& .pc-prices': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: 8,
    minWidth: 0,
  },
  '& .pc-body .pc-price': {
    color: COLORS.secondary.main,
    fontWeight: 700,
    fontSize: 18,
    whiteSpace: 'nowrap',
    [widthUp('md')]: { fontSize: 20 },
  },
  '& .pc-body .pc-unit': { ...oneLine, fontSize: 12, color: COLORS.text.secondary },
  '& .pc-body .pc-date': { fontSize: 12, flexShrink: 0, color: COLORS.text.secondary },
  '& .pc-favorite': { position: 'absolute', top: 8, right: 8 },
  // A list row: the photo in a fixed box at the left, the text beside it.
  '&.pc-list .pc-action': { flexDirection: 'row' },
  '&.pc-list .pc-cover': {
    width: 116,
    aspectRatio: '4 / 3',
    margin: 10,
    borderRadius: 8,
    [widthUp('sm')]: { width: 200, margin: 12 },
  },
  '&.pc-list .pc-badges': { top: 4, left: 4 },
  '&.pc-list .pc-body': { padding: 10, [widthUp('sm')]: { padding: 16 } },
  '&.pc-list .pc-body .pc-title': { paddingRight: 32 },
});

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
    <CardRoot
      data-testid="property-card"
      data-property-id={p.id}
      className={list ? 'pc-list' : undefined}
    >
      <CardActionArea
        component={RouterLink}
        to={`/properties/${encodeURIComponent(p.id)}`}
        className="pc-action"
      >
        <div className="pc-cover">
          {cover ? (
            <Photo
              src={cover}
              photo={coverPhoto(p.images) ?? cover}
              sizes={list ? LIST_PHOTO_SIZES : GRID_PHOTO_SIZES}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
              className="pc-photo"
            />
          ) : (
            <PhotoPlaceholder className="pc-photo" />
          )}
          <div className="pc-badges">
            <PropertyBadges property={p} now={now} />
          </div>
        </div>
        <div className="pc-body">
          <h2 className="pc-title">{p.title}</h2>
          <p className="pc-line">{facts}</p>
          {factLine && (
            <p className="pc-line" data-testid="property-card-facts">
              {factLine}
            </p>
          )}
          {p.address?.community && (
            <div className="pc-place">
              <PlaceOutlined fontSize="inherit" />
              <p className="pc-line">{p.address.community}</p>
            </div>
          )}
          {p.features.length > 0 && (
            <div className="pc-tags">
              {p.features.slice(0, 3).map((feature) => (
                <span key={feature} className="pc-tag">
                  {feature}
                </span>
              ))}
            </div>
          )}
          <VerifiedBadge property={p} />
          <div className="pc-grow" />
          {drop && (
            <span className="pc-drop" data-testid="property-price-drop">
              {drop}
            </span>
          )}
          <div className="pc-foot">
            <div className="pc-prices">
              <p className="pc-price" data-testid="property-price">
                {formatPrice(p.type, p.price)}
              </p>
              {unitPrice && <p className="pc-unit">{unitPrice}</p>}
            </div>
            <p className="pc-date">{formatRelativeDate(p.created_at, now)}</p>
          </div>
        </div>
      </CardActionArea>
      {onToggleFavorite && (
        <div className="pc-favorite">
          <FavoriteButton
            active={favorite}
            onToggle={() => onToggleFavorite(p.id)}
            variant={list ? 'plain' : 'overlay'}
          />
        </div>
      )}
    </CardRoot>
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
