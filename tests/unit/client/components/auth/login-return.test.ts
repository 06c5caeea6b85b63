import { describe, expect, it } from 'vitest';
import { loginHref, redirectFromLink } from '@client/components/auth/login-return';

const search = (href: string) => href.slice(href.indexOf('?'));

describe('a plain link to the login, with the way back', () => {
  it('comes back to the page it left, its query kept', () => {
    const href = loginHref('/properties/p1?pid=a1&ch=wx');
    expect(href.startsWith('/login?next=')).toBe(true);
    expect(redirectFromLink(search(href))).toEqual({
      from: { pathname: '/properties/p1', search: '?pid=a1&ch=wx', hash: '' },
    });
  });

  it('never sends a login to another site', () => {
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'x']) {
      expect(redirectFromLink(`?next=${encodeURIComponent(next)}`)).toBeNull();
    }
    expect(redirectFromLink('')).toBeNull();
  });
});
