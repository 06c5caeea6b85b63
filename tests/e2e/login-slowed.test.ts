/**
 * A login slowed down after too many password attempts (issue 16): the form shows the gateway's
 * Chinese message with the wait, and stays on /login. Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import { passwordAttemptsMessage } from '@couchdb/model/errors';
import { DEFAULT_RATE_LIMITS } from '../../sync-server/config';
import { saveScreenshot, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { LoginPage } from './pages/login-page';
import { useWorld } from './world';

const world = useWorld({ browser: 'test' });

async function call(path: string, body: object): Promise<number> {
  const res = await fetch(`${world.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.status;
}

describe('a login slowed down', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows the wait in Chinese and stays on the form (${name})`, async () => {
      const { phone, password } = await world.register({ name: '慢一点' });
      for (let i = 0; i < DEFAULT_RATE_LIMITS.passwordAttemptsPerAccountAddress; i++) {
        expect(await call('/api/auth/login', { phone, password: 'Wrong#999' })).toBe(401);
      }
      const page = await world.browser.openPage(`${world.url}/login`, viewport);
      const login = new LoginPage(page);
      await login.heading.waitFor(UI_WAIT);
      await login.login(phone, password);
      // The first wait is a minute: the message says so in whole minutes.
      const message = passwordAttemptsMessage(DEFAULT_RATE_LIMITS.delaySeconds);
      await page.getByTestId('toast').getByText(message).waitFor(UI_WAIT);
      expect(new URL(page.url()).pathname).toBe('/login');
      await saveScreenshot(page, `login-slowed-${name}`);
    });
  }
});
