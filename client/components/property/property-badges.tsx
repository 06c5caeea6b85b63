import { styled } from '@mui/material/styles';
import { isNewListing } from '@couchdb/rules/format';
import { COLORS, FONT_STACK } from '@client/components/look';

/** Badge texts (product §2 "Property list"). */
export const FEATURED_BADGE = '推荐';
export const NEW_LISTING_BADGE = '新房源';
/**
 * A priority listing is listed first whatever the sort (spec: "priority listings are listed
 * first"); the badge says why it stands above cheaper or newer ones.
 */
export const PRIORITY_BADGE = '置顶';

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
  '& .badge-priority': {
    backgroundColor: 'rgba(31,35,41,0.78)',
    color: '#ffffff',
  },
  '& .badge-new': {
    backgroundColor: COLORS.primary.main,
    color: COLORS.primary.contrastText,
  },
});

/**
 * 置顶 when is_priority, 推荐 when is_featured, 新房源 when created within 3 days; nothing when
 * none.
 */
export function PropertyBadges({
  property,
  now,
}: {
  property: {
    is_priority?: boolean | undefined;
    is_featured?: boolean | undefined;
    created_at?: string | undefined;
  };
  now: number;
}) {
  const priority = Boolean(property.is_priority);
  const featured = Boolean(property.is_featured);
  const fresh = property.created_at ? isNewListing(property.created_at, now) : false;
  if (!priority && !featured && !fresh) return null;
  return (
    <Badges>
      {priority && (
        <span className="badge-priority" data-testid="priority-badge">
          {PRIORITY_BADGE}
        </span>
      )}
      {featured && <span className="badge-featured">{FEATURED_BADGE}</span>}
      {fresh && <span className="badge-new">{NEW_LISTING_BADGE}</span>}
    </Badges>
  );
}
