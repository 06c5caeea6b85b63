/** The header's sync indicator (DESIGN §8): state, unsent count, refused count, last sync time. */
import { lazy, useEffect, useState } from 'react';
import { LazyPart } from '@client/components/lazy-part';
import Badge from '@mui/material/Badge';
import Chip from '@mui/material/Chip';
import { useSyncStatus } from '@client/data/sync-status';
import { whenIdle } from '@client/lib/when-idle';
import { PHASE_COLORS, syncLabel, syncTooltip } from './sync-labels';

/** The details tooltip (MUI Tooltip brings Popper): loaded once the page is idle, not with the first screen. */
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), 5000), []);
  return idle;
}

export function SyncIndicator() {
  const status = useSyncStatus();
  const idle = useIdle();
  const chip = (
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
  );
  if (!idle) return chip;
  return (
    <LazyPart name="the sync tooltip" fallback={chip}>
      <Tooltip title={syncTooltip(status)}>{chip}</Tooltip>
    </LazyPart>
  );
}
