/**
 * The screen width a first screen is rendered for, told by the gateway to the page: the gateway
 * renders a phone's or a laptop's layout (client/ssr), and the page's first render answers every
 * media query as that render did, so hydration keeps the server's markup; the device's own answer
 * follows as an ordinary update. The page remembers its width in a cookie for the next render.
 */
import type { Theme } from '@mui/material/styles';
import { theme } from './theme';

/** The widths a render assumes when the device has not told its own: a phone's and a laptop's. */
export const SCREEN_WIDTHS = { phone: 390, laptop: 1366 } as const;

/** The cookie the page keeps its viewport width in (CSS pixels), read by the gateway's render. */
export const SCREEN_WIDTH_COOKIE = 'cj_vw';

/** #root's attribute with the width the gateway rendered the first screen at. */
export const SCREEN_WIDTH_ATTRIBUTE = 'data-screen-width';

/** Evaluates the (min-width) / (max-width) queries MUI's breakpoints produce, at `width`. */
export function matchMediaAt(width: number) {
  return (query: string) => ({
    matches: [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
      kind === 'min' ? width >= Number(px) : width <= Number(px),
    ),
  });
}

/** The app's theme answering media queries at `width` while the page renders on the server or hydrates. */
export function themeAtWidth(width: number): Theme {
  // A copy with one more default prop, not a second createTheme (a long task on a slow phone).
  return {
    ...theme,
    components: {
      ...theme.components,
      MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: matchMediaAt(width) } },
    },
  };
}

/**
 * The width to render at for a device that said `cookieWidth` (its cookie, if any) or, failing
 * that, whether it is a phone: one width per breakpoint band, so a page is rendered once a band.
 */
export function renderWidthFor(cookieWidth: number | null, phone: boolean): number {
  if (cookieWidth === null || !Number.isFinite(cookieWidth) || cookieWidth <= 0) {
    return phone ? SCREEN_WIDTHS.phone : SCREEN_WIDTHS.laptop;
  }
  const { sm, md, lg } = theme.breakpoints.values;
  if (cookieWidth < sm) return SCREEN_WIDTHS.phone;
  if (cookieWidth < md) return sm;
  if (cookieWidth < lg) return md;
  return SCREEN_WIDTHS.laptop;
}

/** The width in a Cookie header's SCREEN_WIDTH_COOKIE, or null. */
export function cookieScreenWidth(cookieHeader: string): number | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SCREEN_WIDTH_COOKIE && value && /^\d{2,5}$/.test(value)) return Number(value);
  }
  return null;
}

/** Keeps this device's viewport width for the gateway's next render of a first screen. */
export function rememberScreenWidth(): void {
  document.cookie = `${SCREEN_WIDTH_COOKIE}=${Math.round(window.innerWidth)}; path=/; max-age=31536000; samesite=lax`;
}
