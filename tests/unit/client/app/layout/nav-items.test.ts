import { describe, expect, it } from 'vitest';
import { hidesTabBar } from '@client/app/layout/nav-items';

describe('hidesTabBar: a listing’s page has the contact bar instead (issue 18)', () => {
  it('steps aside on a listing’s own page only', () => {
    expect(hidesTabBar('/properties/p-123')).toBe(true);
    expect(hidesTabBar('/properties/p-123/')).toBe(true);
    expect(hidesTabBar('/properties')).toBe(false);
    expect(hidesTabBar('/properties/')).toBe(false);
    expect(hidesTabBar('/')).toBe(false);
    expect(hidesTabBar('/favorites')).toBe(false);
    expect(hidesTabBar('/news/n-1')).toBe(false);
  });
});
