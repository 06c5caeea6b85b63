import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { communityPath } from '@couchdb/rules/area-stats';

/** A listing's 小区, linked to its page (issue 18); '—' when the listing names none. */
export function CommunityLink({ name }: { name: string | undefined }) {
  if (!name?.trim()) return '—';
  return (
    <Link component={RouterLink} to={communityPath(name)} data-testid="community-link">
      {name.trim()}
    </Link>
  );
}
