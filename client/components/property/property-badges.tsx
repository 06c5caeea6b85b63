import { styled } from '@mui/material/styles';
import { isNewListing } from '@couchdb/rules/format';
import { COLORS, FONT_STACK } from '@client/components/look';

/** Badge texts (spec §2 "Property list"). */
export const FEATURED_BADGE = '推荐';
export const NEW_LISTING_BADGE = '新房源';

/** Small filled chips (MUI's small Chip, 22 px high), in one static style: a list has many. */
const Badges = styled('span')({
  display: 'flex',
  gap: 4,
  '& > span': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    maxWidth: '100%',
    height: 22,
    padding: '0 8px',
    borderRadius: 6,
    fontFamily: FONT_STACK,
    fontSize: 12,
    fontWeight: 600,
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
  },
  '& .badge-featured': {
    backgroundColor: COLORS.secondary.main,
    color: COLORS.secondary.contrastText,
  },
  '& .badge-new': {
    backgroundColor: COLORS.primary.main,
    color: COLORS.primary.contrastText,
  },
});

/** 推荐 when is_featured, 新房源 when created within 3 days; nothing when neither. */
export function PropertyBadges({
  property,
  now,
}: {
  property: { is_featured?: boolean | undefined; created_at?: string | undefined };
  now: number;
}) {
  const featured = Boolean(property.is_featured);
  const fresh = property.created_at ? isNewListing(property.created_at, now) : false;
  if (!featured && !fresh) return null;
  return (
    <Badges>
      {featured && <span className="badge-featured">{FEATURED_BADGE}</span>}
      {fresh && <span className="badge-new">{NEW_LISTING_BADGE}</span>}
    </Badges>
  );
}
