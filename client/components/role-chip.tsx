import Chip from '@mui/material/Chip';
import {
  ROLE_BADGE_COLORS,
  ROLE_LABELS,
  ROLE_SHORT_LABELS,
  type UserRole,
} from '@couchdb/model/roles';

/**
 * A role's badge, in the role's one colour (ROLE_BADGE_COLORS) on the profile and in the admin's
 * user list alike; `full` gives the long label (房产经纪人) instead of the short one (经纪人).
 */
export function RoleChip({
  role,
  full = false,
  testId = 'user-role',
}: {
  role: UserRole;
  full?: boolean;
  testId?: string;
}) {
  return (
    <Chip
      size="small"
      color={ROLE_BADGE_COLORS[role]}
      label={(full ? ROLE_LABELS : ROLE_SHORT_LABELS)[role]}
      data-testid={testId}
    />
  );
}
