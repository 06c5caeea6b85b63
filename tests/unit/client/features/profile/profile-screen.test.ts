/**
 * 个人中心 (product §2 Profile) rendered to HTML as the screen first renders it: the role's badge in
 * the role's one colour (as in the admin's user list), and the device's storage folded under
 * 高级设置 in plain words, not a technical card among everyday things.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROLE_LABELS, type UserRole } from '@couchdb/model/roles';
import ProfileScreen from '@client/features/profile/profile-screen';
import { AuthContext, type AuthContextValue } from '@client/lib/session/auth-context';
import { buildUser } from '../../../../fixtures/builders';

const unused = () => Promise.reject(new Error('not in this test'));

/** The profile of a signed-in account of `role`, as HTML. */
function profileHtml(role: UserRole): string {
  const auth: AuthContextValue = {
    status: 'authenticated',
    user: buildUser({ user_type: role, name: '王五' }),
    sessionEnded: null,
    login: unused,
    register: unused,
    logout: unused,
    updateUser: () => undefined,
    request: unused,
  };
  return renderToString(
    createElement(
      MemoryRouter,
      null,
      createElement(AuthContext.Provider, { value: auth }, createElement(ProfileScreen)),
    ),
  );
}

describe('the profile', () => {
  it.each(['user', 'agent', 'admin'] as const)(
    'of a %s folds the device’s storage under 高级设置',
    (role) => {
      const html = profileHtml(role);
      expect(html).toContain('个人中心');
      expect(html).toContain('高级设置');
      expect(html).not.toContain('本机存储');
      expect(html).not.toContain('data-testid="storage-usage"');
      expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*高级设置/s);
    },
  );
});

/** The MUI colour class of the element with `testId` in `html` ('Info' for color="info"). */
const chipColour = (html: string, testId: string) => {
  const tag = new RegExp(`<div[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';
  return /MuiChip-color(\w+)/.exec(tag)?.[1];
};

describe('the role badge', () => {
  it.each([
    ['admin', 'Error'],
    ['agent', 'Info'],
    ['user', 'Success'],
  ] as const)('of a %s is %s, the colour of the admin’s user list', (role, colour) => {
    const html = profileHtml(role);
    expect(html).toContain(ROLE_LABELS[role]);
    expect(chipColour(html, 'profile-role')).toBe(colour);
  });
});
