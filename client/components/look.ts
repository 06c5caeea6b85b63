/**
 * The app's colours, font and screen widths: the one source of the MUI theme (client/app/theme.ts)
 * and of the static style sheets of parts drawn many times a screen (a listing card), which are
 * styled once, without the theme, rather than through `sx` on every render.
 */
import { green, grey } from '@mui/material/colors';

export const FONT_STACK = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"PingFang SC"',
  '"Noto Sans CJK SC"',
  '"Noto Sans SC"',
  '"Microsoft YaHei"',
  '"Helvetica Neue"',
  'sans-serif',
].join(',');

/**
 * The theme's palette (MUI fills in the rest from its defaults, named in COLORS below). The brand's
 * green (#00ae66, the logo's and the browser bar's) and red (#f4511e) darkened until text in them on
 * white, white text on them and green text on primary.light reach 4.5:1 (WCAG 1.4.3).
 */
export const PALETTE = {
  primary: { main: '#00804b', dark: '#006b3e', light: '#e6f7ef', contrastText: '#ffffff' },
  secondary: { main: '#d4400f', contrastText: '#ffffff' },
  // MUI's orange and light blue, darkened likewise (white on them, and them on white).
  warning: { main: '#b45309', contrastText: '#ffffff' },
  info: { main: '#0277bd', contrastText: '#ffffff' },
  background: { default: '#f5f6f8', paper: '#ffffff' },
  text: { primary: '#1f2329', secondary: '#646a73' },
  divider: '#e8eaed',
} as const;

/** The colours static style sheets use: the palette's, and MUI's defaults the theme keeps. */
export const COLORS = {
  ...PALETTE,
  /** MUI's light palette: grey[100], success.dark. */
  grey100: grey[100],
  successDark: green[900],
} as const;

/**
 * Read by screen readers, not shown: a heading that names a section the layout already makes plain
 * (MUI's visuallyHidden).
 */
export const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The theme's breakpoints (MUI's defaults). */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

/** The media query of widths from `key` up, as the theme's breakpoints.up(key) writes it. */
export const widthUp = (key: keyof typeof BREAKPOINTS) =>
  `@media (min-width:${BREAKPOINTS[key]}px)`;

/**
 * How far a small button's hit area reaches above and below it on a touch screen: a small button
 * is about 31 px high, under the 44 px a finger needs (WCAG 2.5.5); it looks the same. (From the
 * padding box: an outlined button's 1 px border takes one of these.)
 */
const TOUCH_REACH_PX = 8;

/**
 * On a touch screen, a small control's hit area reaches `vertical` px above and below it and
 * `horizontal` px to each side (an invisible ::after, from its padding box: a 1 px border takes
 * one of these); it looks the same. For controls too small
 * for a finger (a card's heart, a filter chip, the banner's dots) with room around them: the
 * reach must stay within the gap to the next control, or it would take that control's touches.
 */
export const touchReach = (vertical: number, horizontal = 0) =>
  ({
    '@media (pointer: coarse)': {
      position: 'relative',
      '&::after': {
        content: '""',
        position: 'absolute',
        top: -vertical,
        bottom: -vertical,
        left: -horizontal,
        right: -horizontal,
      },
    },
  }) as const;

/**
 * A row of small buttons (an admin card's actions) that wraps. On a touch screen each button's hit
 * area reaches above and below it, and the row's lines are far enough apart that those areas do
 * not overlap: a touch between two lines goes to neither, never to the wrong one. Only rows laid
 * out like this get the reach (a theme-wide one would take touches from a button close above).
 */
export const SMALL_BUTTON_ROW_SX = {
  flexWrap: 'wrap',
  columnGap: 0.5,
  rowGap: `${2 * TOUCH_REACH_PX}px`,
  '@media (pointer: coarse)': {
    '& .MuiButton-sizeSmall::after': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      top: -TOUCH_REACH_PX,
      bottom: -TOUCH_REACH_PX,
    },
  },
} as const;
