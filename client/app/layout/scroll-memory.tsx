/**
 * Where the page is scrolled after a navigation: a back or forward move returns to where that
 * entry was left (after a reload too); any other move to another place starts at its top, or at
 * the element its #hash names. The first render keeps the page where it is (a visitor may have
 * scrolled the gateway's first screen before the app took it over), unless a reload restores it.
 * An entry that opens a layer over the screen (client/lib/history-overlay.ts) leaves it where it is.
 */
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useAppHistory } from '../app-history';
import { overlayOf } from '@client/lib/history-overlay';

/** How long a restored position waits for the screen's content to grow tall enough. */
const RESTORE_WAIT_MS = 3_000;
/** What the user does to scroll: any of it ends the wait for the old position. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Scrolls to `y`, now or, while the screen's content is still coming (a list the device is
 * reading), as soon as the page is tall enough; returns the cancel.
 */
function scrollToWhenThere(y: number): () => void {
  window.scrollTo(0, y);
  if (Math.abs(window.scrollY - y) < 1) return () => {};
  const page = document.documentElement;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1) stop();
  });
  const timer = setTimeout(() => stop(), RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  }
  observer.observe(page);
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  return stop;
}

export function ScrollMemory() {
  const history = useAppHistory();
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);

  useLayoutEffect(() => {
    // The app restores positions itself, also on a reload (the browser would before the screen's
    // content is there again).
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const initial = first.current;
    first.current = false;
    // A layer over the screen (the photo viewer) opened or reopened: the screen stays put.
    if (overlayOf(location)) return;
    if (navigationType === 'POP') {
      const saved = history?.scrollPositionOf(location.key);
      if (saved !== undefined) return scrollToWhenThere(saved);
      if (!initial) window.scrollTo(0, 0);
      return;
    }
    const target =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [history, location, navigationType]);
  return null;
}
