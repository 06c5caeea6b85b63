import { isValidElement, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '@client/components/auth/require-auth';
import * as screens from '@client/app/lazy-screens';
import { routes, signedInRoutes } from '@client/app/router';
import { isAccountPath, PUBLIC_PAGES, UNLISTED_PAGES } from '@couchdb/model/search-engine-facts';

/**
 * What the router renders at `path`, as react-router resolves it: the top table's matches, and where
 * they end in its catch-all (the signed-in table's element), that table's matches for the rest.
 */
function resolve(path: string): { screen: unknown; guarded: boolean; params: object } {
  const elements: ReactElement[] = [];
  let params = {};
  let table: RouteObject[] | null = routes;
  let rest = path;
  while (table) {
    const matches: RouteMatch[] | null = matchRoutes(table, rest);
    if (!matches) throw new Error(`no route for ${rest}`);
    for (const { route } of matches)
      if (isValidElement(route.element)) elements.push(route.element);
    const last: RouteMatch = matches[matches.length - 1]!;
    params = { ...params, ...last.params };
    table = table === routes && last.route.path === '*' ? signedInRoutes : null;
    rest = `/${last.params['*'] ?? ''}`;
  }
  return {
    screen: elements[elements.length - 1]!.type,
    guarded: elements.some((element) => element.type === RequireAuth),
    params,
  };
}

const screen = (name: keyof typeof screens) => screens[name] as ComponentType;

describe('the route table', () => {
  it('opens the public screens without an account', () => {
    const cases: [string, keyof typeof screens][] = [
      ['/', 'HomeScreen'],
      ['/properties', 'PropertyListScreen'],
      ['/properties/p-1', 'PropertyDetailScreen'],
      ['/news/n-1', 'NewsDetailScreen'],
      ['/communities/%E6%BE%84%E6%B1%9F', 'CommunityScreen'],
      ['/tools/mortgage', 'MortgageCalculatorScreen'],
      ['/tools/tax', 'TaxCalculatorScreen'],
      ['/login', 'LoginScreen'],
    ];
    for (const [path, name] of cases) {
      expect(resolve(path), path).toMatchObject({ screen: screen(name), guarded: false });
    }
    expect(resolve('/properties/p-1').params).toMatchObject({ id: 'p-1' });
  });

  it('opens the screens that need an account behind the login guard, with their parameters', () => {
    const cases: [string, keyof typeof screens][] = [
      ['/tools', 'ToolsScreen'],
      ['/tools/promotion', 'PromotionStatsScreen'],
      ['/manage', 'ManageScreen'],
      ['/favorites', 'FavoritesScreen'],
      ['/training', 'TrainingScreen'],
      ['/admin', 'AdminDashboardScreen'],
      ['/admin/users', 'AdminUsersScreen'],
      ['/publish/property', 'PublishPropertyScreen'],
    ];
    for (const [path, name] of cases) {
      expect(resolve(path), path).toMatchObject({ screen: screen(name), guarded: true });
    }
    expect(resolve('/training/c-2')).toMatchObject({
      screen: screen('TrainingScreen'),
      params: { courseId: 'c-2' },
    });
  });

  it('shows the 404 screen for any other path, to a visitor too', () => {
    for (const path of ['/nope', '/properties/p-1/more', '/admin/nope', '/tools/mortgage/x']) {
      expect(resolve(path), path).toMatchObject({
        screen: screen('NotFoundScreen'),
        guarded: false,
      });
    }
  });

  it('keeps crawlers (robots.txt) off every screen that needs an account, and on every public one', () => {
    /** Every path of a route table, its optional parameters filled in and left out. */
    const paths = (table: RouteObject[], base = ''): string[] =>
      table.flatMap((route) => {
        const own = route.path
          ? `${base}/${route.path}`
              .replace(/\/+/g, '/')
              .replace(/\/:(\w+)\?$/, '')
              .replace(/:(\w+)/g, 'x')
          : base;
        return [
          ...(route.path && !route.path.includes('*') ? [own || '/'] : []),
          ...paths(route.children ?? [], own),
        ];
      });
    const guarded = paths(signedInRoutes);
    expect(guarded.length).toBeGreaterThan(20);
    for (const path of guarded) {
      expect(resolve(path).guarded, path).toBe(true);
      expect(isAccountPath(path), path).toBe(true);
    }
    const open = [...paths(routes), ...PUBLIC_PAGES.map((p) => p.path)];
    expect(open).toContain('/properties/x');
    for (const path of open) {
      if (path === '/login-test') continue;
      expect(resolve(path).guarded, path).toBe(false);
      expect(isAccountPath(path), path).toBe(false);
    }
    for (const { path } of [...PUBLIC_PAGES, ...UNLISTED_PAGES]) {
      expect(resolve(path).screen, path).not.toBe(screen('NotFoundScreen'));
    }
  });
});
