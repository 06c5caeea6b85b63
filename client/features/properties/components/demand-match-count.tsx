/**
 * On the owner's own listing (issue 19 item 2): how many active 求购/求租 demands it fits. A count
 * from the gateway (the demands and their contacts never reach the owner's device); online only.
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  DEMAND_MATCH_MESSAGES,
  demandMatchesPath,
  type DemandMatchesResponse,
} from '@couchdb/model/saved-search-facts';
import { useOnlineResource } from '@client/components/use-online-resource';

const LOAD_MESSAGES = { offline: '联网后可查看匹配的需求数', failed: '匹配的需求数暂时无法读取' };

export function DemandMatchCount({ propertyId }: { propertyId: string }) {
  const { state } = useOnlineResource<DemandMatchesResponse>(
    demandMatchesPath(propertyId),
    LOAD_MESSAGES,
  );
  if (state.kind === 'loading') return null;
  return (
    <Alert
      severity={state.kind === 'ready' && state.data.count > 0 ? 'success' : 'info'}
      sx={{ mx: { xs: 2, md: 0 }, mt: { xs: 2, md: 0 }, mb: 2 }}
    >
      <span data-testid="demand-match-count">
        {state.kind === 'ready' ? DEMAND_MATCH_MESSAGES.count(state.data.count) : state.message}
      </span>
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        {DEMAND_MATCH_MESSAGES.ownerNote}
      </Typography>
    </Alert>
  );
}
