import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from '@client/app/theme';

/**
 * The build leaves MUI's CSS-variables theme builder out (vite.config.ts,
 * muiThemeWithoutCssVariables): createTheme calls it for a theme with CSS variables or colour
 * schemes, which would then fail in the built app.
 */
describe('the app theme needs no CSS-variables builder', () => {
  it('is made without CSS variables or colour schemes, as MUI’s default theme is', () => {
    expect(theme.vars).toBeUndefined();
    expect((theme as { colorSchemes?: unknown }).colorSchemes).toBeUndefined();
    expect(createTheme().vars).toBeUndefined();
  });

  it('tells such a theme apart (the check above would see one)', () => {
    expect(createTheme({ cssVariables: true }).vars).toBeDefined();
  });
});
