/** The header's sync indicator (DESIGN §8): state, unsent count, refused count, last sync time. */
import Badge from '@mui/material/Badge';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useSyncStatus } from '@client/data/sync-status';
import { PHASE_COLORS, syncLabel, syncTooltip } from './sync-labels';

export function SyncIndicator() {
  const status = useSyncStatus();
  return (
    <Tooltip title={syncTooltip(status)}>
      <Badge color="warning" badgeContent={status.refused} max={99} overlap="rectangular">
        <Chip
          size="small"
          variant="outlined"
          color={PHASE_COLORS[status.phase]}
          label={syncLabel(status)}
          aria-label={`同步状态：${syncLabel(status)}`}
          role="status"
        />
      </Badge>
    </Tooltip>
  );
}
