/**
 * /api/promotion (issue 15): attributed events from devices holding an agent's promotion (anyone,
 * rate-limited per address and bounded per agent and day in the store), an agent's public card,
 * and the statistics (an agent their own, an admin anyone's).
 */
import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@couchdb/model/common';
import { promotionEventSchema } from '@couchdb/model/promotion';
import { HttpError, rateLimitedFor } from '../http-error';
import { requireCaller } from '../middleware/authenticate';
import { refuseWith, validate } from '../middleware/validate';
import type { LimitStore } from '../services/limits/limit-store';
import { WindowCounter } from '../services/limits/window-counter';
import type { PromotionService } from '../services/promotion-service';
import { countedNames } from './request-info';

/** Events one address may send a minute (a browsing visitor sends a few). */
const EVENTS_PER_MINUTE = 60;

/** An agent named in the path; an id that cannot be one names no agent. */
const agentParams = {
  schema: z.object({ id: idSchema }),
  refusal: refuseWith(404, 'not_agent'),
};

/** Whose statistics (the caller's own when not named); an id that cannot be one names no agent. */
const statsQuery = {
  schema: z.object({ agentId: idSchema.optional() }),
  refusal: refuseWith(404, 'not_agent'),
};

export function promotionRoutes(promotions: PromotionService, limits: LimitStore): Router {
  const router = Router();
  // In the shared limit store: the limit holds across gateways (architecture §12).
  const windows = new WindowCounter(limits);

  router.post('/events', validate({ body: promotionEventSchema }), async (req, res) => {
    const wait = await windows.take(`promo-ip:${req.ip ?? 'unknown'}`, EVENTS_PER_MINUTE, 60_000);
    if (wait > 0) throw rateLimitedFor(wait);
    const event = req.body;
    if (event.type !== 'visit' && !event.propertyId) throw new HttpError(400, 'validation_failed');
    res.set('Cache-Control', 'no-store');
    res.json(await promotions.record(event, req.caller ?? null, countedNames(req)));
  });

  router.get('/agents/:id', validate({ params: agentParams }), async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ agent: await promotions.agent(req.params.id) });
  });

  router.get('/stats', requireCaller, validate({ query: statsQuery }), async (req, res) => {
    const caller = req.caller!;
    const id = req.query.agentId ?? caller.id;
    if (caller.role !== 'admin' && (caller.role !== 'agent' || id !== caller.id))
      throw new HttpError(403, 'forbidden');
    res.set('Cache-Control', 'no-store');
    res.json(await promotions.stats(id));
  });

  return router;
}
