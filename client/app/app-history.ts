/**
 * The app's browser history, under react-router's declarative router (client/app/app.tsx). Two
 * things beyond the browser's: a navigation can be held while the screen asks whether to leave it
 * (client/app/layout/leave-guard.tsx), and each history entry keeps the page's scroll position for
 * the back button (client/app/layout/scroll-memory.tsx).
 *
 * react-router's data router (createBrowserRouter) does both as well, but it is 18 KB gzip more of
 * the first screen's JavaScript (issue 17), for loaders, actions and fetchers the app does not use:
 * the app's data is on the device (RxDB), not loaded per route.
 */
import { createContext, useContext } from 'react';
import { UNSAFE_createBrowserHistory, type Location, type To } from 'react-router';

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];

/** Whether leaving `currentLocation` for `nextLocation` has to be asked first. */
export type LeaveCheck = (args: { currentLocation: Location; nextLocation: Location }) => boolean;

/** A navigation held by the leave check: it happens on `proceed`, never on `reset`. */
export interface HeldNavigation {
  proceed: () => void;
  reset: () => void;
}

export interface AppHistory extends History {
  /** Sets the check each navigation passes first (one at a time); returns its removal. */
  setLeaveCheck: (check: LeaveCheck) => () => void;
  /** Tells `listener` of the navigation being held, and of null once it went on or was reset. */
  onHeld: (listener: (held: HeldNavigation | null) => void) => () => void;
  /** The page's scroll position when the entry `key` was last left, if it was. */
  scrollPositionOf: (key: string) => number | undefined;
}

/** sessionStorage key of the scroll positions: a reload and a back navigation after it keep them. */
const SCROLL_POSITIONS_KEY = 'app-scroll-positions';
/** Entries whose positions are kept; the oldest are forgotten past this. */
const SCROLL_POSITIONS_MAX = 100;

function readPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '[]') as unknown;
    return new Map(Array.isArray(saved) ? (saved as [string, number][]) : []);
  } catch {
    return new Map(); // storage blocked, or not JSON: no positions to restore
  }
}

/**
 * Gives the entry a page loads in a key of its own where it has none (a link opened, an address
 * typed): react-router names every such entry "default", so a new page in the same tab took the
 * scroll position the previous page had left under that name, and a shared link opened halfway
 * down. The key is kept in the entry's state, so a reload or a move back to it finds its position.
 */
function keyLoadedEntry(win: Window): void {
  const state = win.history.state as { key?: unknown } | null;
  if (state && typeof state.key === 'string') return;
  try {
    win.history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
  } catch {
    // history state refused (a sandboxed frame): the entry keeps react-router's default name
  }
}

export function createAppHistory(win: Window = window): AppHistory {
  keyLoadedEntry(win);
  const base = UNSAFE_createBrowserHistory({ window: win, v5Compat: true });
  const positions = readPositions();
  let leaveCheck: LeaveCheck | null = null;
  let heldListeners: ((held: HeldNavigation | null) => void)[] = [];
  /** The location the app shows (the browser's may already be another during a back move). */
  let shown = base.location;
  /** A back/forward move undone by the leave check: its own popstate is not a navigation. */
  let undoing = false;
  /** A back/forward move the user chose to make: it passes the leave check once. */
  let letThrough = false;

  const hold = (held: HeldNavigation | null) => heldListeners.forEach((l) => l(held));
  const mustAsk = (nextLocation: Location) =>
    !!leaveCheck && leaveCheck({ currentLocation: shown, nextLocation });
  const rememberScroll = () => {
    positions.delete(shown.key);
    positions.set(shown.key, win.scrollY);
    while (positions.size > SCROLL_POSITIONS_MAX) positions.delete(positions.keys().next().value!);
  };
  win.addEventListener('pagehide', () => {
    rememberScroll();
    try {
      sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify([...positions]));
    } catch {
      // storage full or blocked: the positions live as long as the page
    }
  });

  /** A push or replace, asked first when the leave check says so. */
  const guarded =
    (go: (to: To, state?: unknown) => void, locate: (to: To, state?: unknown) => Location) =>
    (to: To, state?: unknown) => {
      const run = () => {
        rememberScroll();
        go(to, state);
      };
      if (!mustAsk(locate(to, state))) return run();
      hold({
        proceed: () => {
          hold(null);
          run();
        },
        reset: () => hold(null),
      });
    };
  /** Where `to` leads from the shown location, as the browser history will make it. */
  const locate = (to: To, state?: unknown): Location => {
    const url = base.createURL(to);
    const path = { pathname: url.pathname, search: url.search, hash: url.hash };
    return { ...path, state: state ?? null, key: '' } as Location;
  };

  const history: AppHistory = {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: guarded((to, state) => base.push(to, state), locate),
    replace: guarded((to, state) => base.replace(to, state), locate),
    go: (delta) => base.go(delta),
    listen(listener) {
      return base.listen((update: Update) => {
        if (update.action !== 'POP') {
          shown = update.location;
          listener(update);
          return;
        }
        if (undoing) {
          undoing = false;
          return;
        }
        const { delta } = update;
        if (!letThrough && delta && mustAsk(update.location)) {
          // The browser has moved already: move it back, and ask.
          undoing = true;
          base.go(-delta);
          hold({
            proceed: () => {
              hold(null);
              letThrough = true;
              base.go(delta);
            },
            reset: () => hold(null),
          });
          return;
        }
        letThrough = false;
        rememberScroll();
        shown = update.location;
        listener(update);
      });
    },
    setLeaveCheck(check) {
      leaveCheck = check;
      return () => {
        if (leaveCheck === check) leaveCheck = null;
      };
    },
    onHeld(listener) {
      heldListeners.push(listener);
      return () => {
        heldListeners = heldListeners.filter((l) => l !== listener);
      };
    },
    scrollPositionOf: (key) => positions.get(key),
  };
  return history;
}

/** The app's history, for the leave guard and the scroll memory (none in a server render). */
export const AppHistoryContext = createContext<AppHistory | null>(null);

export function useAppHistory(): AppHistory | null {
  return useContext(AppHistoryContext);
}
