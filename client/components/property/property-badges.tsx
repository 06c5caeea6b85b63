import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { isNewListing } from '@couchdb/rules/format';

/** Badge texts (spec §2 "Property list"). */
export const FEATURED_BADGE = '推荐';
export const NEW_LISTING_BADGE = '新房源';

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
  const chip = { height: 22, fontSize: 12, fontWeight: 600, borderRadius: '6px' } as const;
  return (
    <Stack direction="row" spacing={0.5}>
      {featured && <Chip label={FEATURED_BADGE} color="secondary" size="small" sx={chip} />}
      {fresh && <Chip label={NEW_LISTING_BADGE} color="primary" size="small" sx={chip} />}
    </Stack>
  );
}
