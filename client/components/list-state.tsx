import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import { GENERIC_MESSAGES } from '@couchdb/model/errors';
import { EmptyState } from './empty-state';

/** The placeholder cards while a list loads: `count` (2) of `height` px, `spacing` (1.5) apart. */
export interface ListSkeleton {
  height: number;
  count?: number;
  spacing?: number;
  /** Lays the cards out as the rows will be (a grid); a column otherwise. */
  layout?(cards: ReactNode): ReactNode;
}

/**
 * A list and the states before its rows: the read failed (the message and 重新加载), the rows are
 * still loading (placeholder cards), or there is nothing to show (an empty state). `rows` is
 * undefined while loading; an empty read before the device has settled (`settled` false) still
 * counts as loading, so a list that fills a moment later does not flash its empty state.
 */
export function ListState<T>({
  rows,
  settled = true,
  failure,
  skeleton,
  empty,
  children,
}: {
  rows: readonly T[] | undefined;
  settled?: boolean;
  /** The read's failure: its message (null while the read has not failed) and the retry. */
  failure?: { message: string | null; hint?: string; onReload(): void };
  skeleton: ListSkeleton;
  empty: Parameters<typeof EmptyState>[0];
  /** The rows, once there are some. */
  children(rows: readonly T[]): ReactNode;
}) {
  if (failure?.message) return <LoadFailed {...failure} message={failure.message} />;
  if (!rows || (rows.length === 0 && !settled)) return <ListSkeletons {...skeleton} />;
  if (rows.length === 0) return <EmptyState {...empty} />;
  return children(rows);
}

/**
 * What the device could not read: a plain message and a way to try again (the technical error is
 * in the console, logged by whoever read).
 */
export function LoadFailed({
  message,
  hint = GENERIC_MESSAGES.reloadHint,
  onReload,
}: {
  message: string;
  /** Under the message; GENERIC_MESSAGES.reloadHint unless given. */
  hint?: string | undefined;
  onReload(): void;
}) {
  return (
    <EmptyState
      icon={<ErrorOutlineOutlined fontSize="inherit" color="error" />}
      title={message}
      description={hint}
      action={
        <Button variant="contained" startIcon={<RefreshOutlined />} onClick={onReload}>
          {GENERIC_MESSAGES.reload}
        </Button>
      }
    />
  );
}

function ListSkeletons({ height, count = 2, spacing = 1.5, layout }: ListSkeleton) {
  const cards = Array.from({ length: count }, (_, i) => (
    <Skeleton key={i} variant="rounded" height={height} />
  ));
  return layout ? layout(cards) : <Stack spacing={spacing}>{cards}</Stack>;
}
