/**
 * An e2e file's world: the real gateway (a process serving the built app, with its own embedded
 * store and the demo data unless the file says otherwise), the accounts the file signs in as, and
 * real Chromium browsers with signed-in pages. `useWorld` sets it up before the file's tests and
 * tears it down after them: browsers closed, profiles removed, the gateway stopped.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { registerAccount } from '../helpers/accounts';
import { launchBrowser, VIEWPORTS, type TestBrowser, type Viewport } from '../helpers/browser';
import { startGateway, type GatewayOptions, type RunningGateway } from '../helpers/gateway';
import { signIn, type Session } from '../helpers/sync-api';
import { demoAccount, signInDemo, type DemoRole } from './pages/browse-fixtures';
import { openSignedIn, type Credentials } from './pages/login-page';

export type { DemoRole, Session };

/** Who signs a page in: a demo account by its role, or an account's phone and password. */
export type Who = DemoRole | Credentials;

type BrowserOptions = Parameters<typeof launchBrowser>[0];

export interface WorldOptions<D extends string> {
  /** How the gateway starts; by default with its own embedded store and the demo data. */
  gateway?: GatewayOptions;
  /**
   * Browsers the whole file shares, by name (`world.devices`), each with a profile of its own and
   * its launch options if given (e.g. `{ phone: { touch: true } }`); the pages a test opened on
   * them are closed after it.
   */
  devices?: readonly D[] | Readonly<Record<D, BrowserOptions>>;
  /**
   * `world.browser`: one browser for the whole file (`'file'`, its pages closed after each test),
   * or a fresh one for each test (`'test'`: no session or device data from another test).
   */
  browser?: 'file' | 'test';
  /** How `world.browser` is launched (e.g. a phone's touch screen). */
  browserOptions?: BrowserOptions;
  /** Demo accounts signed in through the API before the tests (`world.accounts`). */
  accounts?: readonly DemoRole[];
}

export interface World<D extends string> {
  /** The gateway's address, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  readonly gateway: RunningGateway;
  /** The file's shared browsers by name. */
  readonly devices: Readonly<Record<D, TestBrowser>>;
  /** The file's browser, or the running test's (`browser` option). */
  readonly browser: TestBrowser;
  /** The demo accounts listed in `accounts`, signed in through the API. */
  readonly accounts: Readonly<Record<DemoRole, Session>>;
  /** A demo account signed in through the API (once a file). */
  demo(role: DemoRole): Promise<Session>;
  /** A new ordinary account, registered and signed in through the API. */
  register(fields?: { name?: string; password?: string; phone?: string }): Promise<Session>;
  /**
   * Another browser (a profile of its own): closed after the test that launched it, or after the
   * file when launched outside a test.
   */
  launch(options?: BrowserOptions): Promise<TestBrowser>;
  /** A new page of `device` signed in as `who` through /login, then at `path` when given. */
  signedIn(
    device: TestBrowser,
    who: Who,
    options?: { path?: string; viewport?: Viewport },
  ): Promise<Page>;
}

/**
 * The world of the file that calls it, at its top level: its hooks run before and after the
 * file's own (the gateway is up in the file's beforeAll, and stops after the file's afterAll).
 */
export function useWorld<D extends string = never>(options: WorldOptions<D> = {}): World<D> {
  let gateway: RunningGateway | undefined;
  let shared: TestBrowser | undefined;
  const devices = {} as Record<D, TestBrowser>;
  const accounts = {} as Record<DemoRole, Session>;
  const signedIn = new Map<DemoRole, Promise<Session>>();
  const launched = new Set<TestBrowser>();
  /** The browsers launched by the running test. */
  let inTest: Set<TestBrowser> | null = null;
  const running = () => {
    if (!gateway) throw new Error('the world is not set up: call useWorld at the top of the file');
    return gateway;
  };

  const launch = async (browserOptions?: BrowserOptions) => {
    const browser = await launchBrowser(browserOptions);
    const close = browser.close.bind(browser);
    browser.close = async () => {
      launched.delete(browser);
      inTest?.delete(browser);
      await close();
    };
    launched.add(browser);
    inTest?.add(browser);
    return browser;
  };

  const demo = (role: DemoRole) => {
    let session = signedIn.get(role);
    if (!session) {
      session = signInDemo(running().url, role);
      signedIn.set(role, session);
    }
    return session;
  };

  beforeAll(async () => {
    gateway = await startGateway(options.gateway ?? { embedded: true });
    const spec = options.devices ?? [];
    const named = (
      Array.isArray(spec)
        ? (spec as readonly D[]).map((name) => [name, undefined])
        : Object.entries(spec as Record<D, BrowserOptions>)
    ) as [D, BrowserOptions][];
    const browsers = await Promise.all([
      ...named.map(([, browserOptions]) => launch(browserOptions)),
      ...(options.browser === 'file' ? [launch(options.browserOptions)] : []),
    ]);
    named.forEach(([name], i) => (devices[name] = browsers[i]!));
    if (options.browser === 'file') shared = browsers.at(-1);
    for (const role of options.accounts ?? []) accounts[role] = await demo(role);
  });

  beforeEach(async () => {
    inTest = new Set();
    if (options.browser === 'test') shared = await launch(options.browserOptions);
  });

  // A page a test left open would go on syncing (and leading the device's tabs) in the next one.
  afterEach(async () => {
    const ended = [...(inTest ?? [])];
    inTest = null;
    if (options.browser === 'test') shared = undefined;
    await Promise.all(ended.map((browser) => browser.close()));
    const kept = [...Object.values<TestBrowser>(devices), ...(shared ? [shared] : [])];
    for (const device of kept) {
      for (const page of device.context.pages()) await page.close();
    }
  });

  afterAll(async () => {
    await Promise.all([...launched].map((browser) => browser.close()));
    await gateway?.stop();
  });

  return {
    get url() {
      return running().url;
    },
    get gateway() {
      return running();
    },
    devices,
    get browser() {
      if (!shared) throw new Error("no browser: pass browser: 'file' or 'test' to useWorld");
      return shared;
    },
    accounts,
    demo,
    async register({ name = '测试用户', password, phone } = {}) {
      const account = await registerAccount(running().url, { name, password, phone });
      return signIn(running().url, account.phone, account.password);
    },
    launch,
    signedIn: (device, who, { path, viewport = VIEWPORTS.desktop } = {}) =>
      openSignedIn(device, running().url, typeof who === 'string' ? demoAccount(who) : who, {
        path,
        viewport,
      }),
  };
}
