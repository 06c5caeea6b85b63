/** The header's sync indicator (architecture §8): state, unsent count, refused count, last sync time. */
import { lazy, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { LazyPart } from '@client/components/lazy-part';
import { useSyncStatus } from '@client/data/sync/sync-status';
import { whenIdle } from '@client/lib/when-idle';
import { PHASE_COLORS, shownPhase, syncLabel, syncTooltip } from './sync-labels';

/** The details tooltip (MUI Tooltip brings Popper): loaded once the page is idle, not with the first screen. */
const Tooltip = lazy(() => import('@mui/material/Tooltip'));
/** The refused count's badge: only a device with refused changes shows it, so it loads then. */
const Badge = lazy(() => import('@mui/material/Badge'));

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), 5000), []);
  return idle;
}

/**
 * A small outlined chip (MUI Chip's look: the header shows it on every first screen, so it is
 * drawn here rather than loading Chip with the first screen's code).
 */
function StatusChip({
  label,
  color,
}: {
  label: string;
  color: (typeof PHASE_COLORS)[keyof typeof PHASE_COLORS];
}) {
  return (
    <Box
      component="span"
      role="status"
      aria-label={`同步状态：${label}`}
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        height: 24,
        px: '7px',
        borderRadius: '16px',
        border: '1px solid',
        borderColor:
          color === 'default' ? theme.palette.grey[400] : alpha(theme.palette[color].main, 0.7),
        color: color === 'default' ? 'text.primary' : `${color}.main`,
        fontSize: '0.8125rem',
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
        userSelect: 'none',
      })}
    >
      {label}
    </Box>
  );
}

export function SyncIndicator() {
  const status = useSyncStatus();
  const idle = useIdle();
  const label = syncLabel(status);
  const plain = <StatusChip label={label} color={PHASE_COLORS[shownPhase(status)]} />;
  const chip =
    status.refused > 0 ? (
      <LazyPart name="the refused count" fallback={plain}>
        <Badge color="warning" badgeContent={status.refused} max={99} overlap="rectangular">
          {plain}
        </Badge>
      </LazyPart>
    ) : (
      plain
    );
  if (!idle) return chip;
  return (
    <LazyPart name="the sync tooltip" fallback={chip}>
      <Tooltip title={syncTooltip(status)}>{chip}</Tooltip>
    </LazyPart>
  );
}
