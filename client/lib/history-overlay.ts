/**
 * A full-screen layer over the screen (the photo viewer, the 360° panorama) that is an entry of the
 * history: a phone's back button (or gesture) closes it instead of leaving the listing, the way a
 * phone's own gallery does. Opening pushes the same place with `{ overlay: name }` in its state; the layer shows while
 * that entry is the current one and this page pushed it (a reload, or a forward move onto such an
 * entry, shows the screen alone). ScrollMemory leaves the screen where it is on both moves.
 */
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';

/** The name of the layer a history entry opens, if any (ScrollMemory keeps the position then). */
export function overlayOf(location: Pick<Location, 'state'>): string | null {
  const state: unknown = location.state;
  if (typeof state !== 'object' || state === null || !('overlay' in state)) return null;
  return typeof state.overlay === 'string' ? state.overlay : null;
}

export function useHistoryOverlay(name: string): {
  open: boolean;
  show(): void;
  hide(): void;
} {
  const location = useLocation();
  const navigate = useNavigate();
  /** Whether this page pushed an entry for the layer (a reload starts without). */
  const [pushed, setPushed] = useState(false);
  const open = pushed && overlayOf(location) === name;

  const { pathname, search, hash, state } = location;
  const show = useCallback(() => {
    if (open) return;
    const base: object = typeof state === 'object' && state !== null ? state : {};
    void navigate({ pathname, search, hash }, { state: { ...base, overlay: name } });
    setPushed(true);
  }, [open, navigate, pathname, search, hash, state, name]);

  const hide = useCallback(() => {
    if (!open) return;
    void navigate(-1);
  }, [open, navigate]);

  return { open, show, hide };
}
