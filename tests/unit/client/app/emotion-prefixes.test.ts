import createCache from '@emotion/cache';
import { describe, expect, it } from 'vitest';
import { STYLIS_PLUGINS } from '@client/app/emotion-prefixes';

/** The CSS an emotion cache with `plugins` writes for `styles`, as the server's render collects it. */
function cssOf(styles: string, plugins?: typeof STYLIS_PLUGINS): string {
  const cache = createCache({ key: 'css', stylisPlugins: plugins });
  cache.compat = true;
  const serialized = { name: 'test', styles, next: undefined };
  cache.insert('.css-test', serialized, cache.sheet, true);
  return String(cache.inserted.test);
}

const STYLES =
  'display:flex;flex-direction:column;transition:opacity 300ms;position:sticky;' +
  'user-select:none;backdrop-filter:blur(4px);&::placeholder{color:gray;}';

describe('the app’s vendor prefixes', () => {
  it('leaves flex, transitions and sticky as they are written', () => {
    const css = cssOf(STYLES, STYLIS_PLUGINS);
    expect(css).toContain('display:flex;');
    expect(css).not.toMatch(
      /-webkit-box|-ms-flexbox|-webkit-flex|-webkit-transition|-webkit-sticky/,
    );
    expect(css).not.toContain('-webkit-input-placeholder');
  });

  it('keeps the copies Safari still reads', () => {
    const css = cssOf(STYLES, STYLIS_PLUGINS);
    expect(css).toContain('-webkit-user-select:none;');
    expect(css).toContain('user-select:none;');
    expect(css).toContain('-webkit-backdrop-filter:blur(4px);');
  });

  it('is a fifth smaller than emotion’s default prefixing on such styles', () => {
    const all = cssOf(STYLES);
    expect(all).toContain('-webkit-box');
    expect(cssOf(STYLES, STYLIS_PLUGINS).length).toBeLessThan(all.length * 0.8);
  });
});
