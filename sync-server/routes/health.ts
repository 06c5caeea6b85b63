/**
 * /api/health: the store and feeds at a glance; /live, whether the process answers (a failing
 * probe means restart it); /ready, whether to send traffic here (the store answers, every feed is
 * loaded, not shutting down) and, on a CouchDB cluster, how many of its nodes answer.
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
    const nodes = storeUp ? await clusterNodes(store) : undefined;
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ ready, draining: stopping, store: storeUp, ...(nodes ? { nodes } : {}), feeds });
  });

  return router;
}

/**
 * How many of a CouchDB cluster's nodes answer, as the store sees them: a node down leaves the
 * store serving (a majority of each document's copies is enough) but is worth an operator's look.
 * Undefined where the store has no cluster membership (the embedded store).
 */
async function clusterNodes(store: Store): Promise<{ up: number; of: number } | undefined> {
  try {
    const membership = (await store.server.request({ path: '_membership' })) as {
      all_nodes?: unknown[];
      cluster_nodes?: unknown[];
    };
    if (!Array.isArray(membership.all_nodes) || !Array.isArray(membership.cluster_nodes))
      return undefined;
    return { up: membership.all_nodes.length, of: membership.cluster_nodes.length };
  } catch {
    return undefined;
  }
}
