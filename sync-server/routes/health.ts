/**
 * /api/health: the store and feeds at a glance; /live, whether the process answers (a failing
 * probe means restart it); /ready, whether to send traffic here (the store answers, every feed is
 * loaded, not shutting down).
 */
import { Router } from 'express';
import type { ChangeFeed } from '../services/change-feed';
import type { Store } from '../store/couch';

export interface HealthDeps {
  store: Store;
  feed: ChangeFeed;
  /** Whether the gateway is shutting down. */
  draining(): boolean;
}

export function healthRoutes({ store, feed, draining }: HealthDeps): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    await store.server.info();
    res.json({ ok: true, store: store.embedded ? 'embedded' : 'couchdb', feeds: feed.status() });
  });

  router.get('/live', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });

  router.get('/ready', async (_req, res) => {
    const feeds = feed.status();
    const storeUp = await store.server.info().then(
      () => true,
      () => false,
    );
    const stopping = draining();
    const ready = !stopping && storeUp && Object.values(feeds).every(Boolean);
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ ready, draining: stopping, store: storeUp, feeds });
  });

  return router;
}
