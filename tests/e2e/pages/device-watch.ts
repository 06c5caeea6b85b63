/**
 * What a device showed and did, for the failure message of a test whose device write did not reach
 * the server in time (it happened in CI without a trace): its page, connection, session hint, sync
 * status and Web Locks, its last console errors and failed API requests, and each push it sent with
 * the gateway's answer.
 */
import type { Page } from 'playwright-core';
import { SESSION_HINT_COOKIE } from '@couchdb/model/session-cookies';

export interface DeviceWatch {
  /** The device's state now and what it logged, as text for a failure message. */
  describe(): Promise<string>;
}

const KEPT = 40;

export function watchDevice(page: Page): DeviceWatch {
  const events: string[] = [];
  const note = (line: string) => {
    events.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (events.length > KEPT) events.shift();
  };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()}: ${m.text()}`);
  });
  page.on('requestfailed', (r) => {
    if (r.url().includes('/api/'))
      note(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) {
      note(`${r.status()} ${r.request().method()} ${r.url()}`);
    } else if (r.url().includes('/push')) {
      // What was sent and what came back: a refusal or a conflict explains a write that never landed.
      const sent = r.request().postData() ?? '';
      void r.text().then(
        (body) => note(`push ${r.url()} sent ${sent.slice(0, 600)} answered ${body.slice(0, 600)}`),
        () => note(`push ${r.url()} sent ${sent.slice(0, 600)} (answer not readable)`),
      );
    }
  });
  return {
    async describe() {
      const state = await page
        .evaluate(async (hintCookie) => {
          const locks = await navigator.locks.query();
          return JSON.stringify({
            url: location.href,
            online: navigator.onLine,
            sessionHint: document.cookie.includes(`${hintCookie}=`),
            sync: [...document.querySelectorAll('[role="status"]')].map((e) =>
              e.getAttribute('aria-label'),
            ),
            heldLocks: locks.held?.map((l) => l.name),
            pendingLocks: locks.pending?.map((l) => l.name),
          });
        }, SESSION_HINT_COOKIE)
        .catch((err: unknown) => `(page not readable: ${String(err)})`);
      return `device: ${state}\nlast events:\n${events.join('\n')}`;
    },
  };
}

/** Runs `check`; when it fails, the error says what the device showed and did. */
export async function explainingDevice<T>(watch: DeviceWatch, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${await watch.describe()}`, { cause: err });
  }
}
