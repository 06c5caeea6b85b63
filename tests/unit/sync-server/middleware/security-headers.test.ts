import { describe, expect, it } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '@client/ssr/early-taps-script';
import {
  cspDirectives,
  inlineScriptSource,
} from '../../../../sync-server/middleware/security-headers';

const tiles = (url: string) => ({ url, attribution: '© 测试', maxZoom: 18 });

describe('the content security policy and the map tile source', () => {
  it('allows images from nowhere else when no source, or one on the gateway, is set', () => {
    expect(cspDirectives(null).imgSrc).toEqual(["'self'", 'data:', 'blob:']);
    expect(cspDirectives(tiles('/tiles/{z}/{x}/{y}.png')).imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
    ]);
  });

  it('allows the operator’s source, and only its origin, for images and fetches', () => {
    const csp = cspDirectives(tiles('http://127.0.0.1:8123/tiles/{z}/{x}/{y}.png'));
    expect(csp.imgSrc).toContain('http://127.0.0.1:8123');
    expect(csp.connectSrc).toContain('http://127.0.0.1:8123');
    // Scripts: the app's own, and the rendered pages' tap keeper by its hash.
    expect(csp.scriptSrc).toEqual(["'self'", inlineScriptSource(EARLY_TAPS_SCRIPT)]);
  });

  it('turns a {s} host label into a wildcard', () => {
    const csp = cspDirectives(tiles('https://t{s}.tianditu.gov.cn/vec_w/wmts?x={x}&y={y}&l={z}'));
    expect(csp.imgSrc).toContain('https://*.tianditu.gov.cn');
  });
});
