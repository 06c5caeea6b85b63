/**
 * /api/promotion (issue 15): attributed events from devices holding an agent's promotion (anyone,
 * rate-limited per address and bounded per agent and day in the store), an agent's public card,
 * and the statistics (an agent their own, an admin anyone's).
 */
import { Router, type Request } from 'express';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { idSchema } from '@couchdb/model/common';
import { rateLimitedMessage } from '@couchdb/model/errors';
import { promotionEventSchema, type PromotionEvent } from '@couchdb/model/promotion';
import { DEVICE_ID_HEADER } from '@couchdb/model/sync';
import { HttpError } from '../http-error';
import { requireCaller } from '../middleware/authenticate';
import { validateBody } from '../middleware/validate';
import type { PromotionService } from '../services/promotion-service';

/** Events one address may send a minute (a browsing visitor sends a few). */
const EVENTS_PER_MINUTE = 60;

/** Who is counted: the signed-in user, else the device's own id, else the address. */
function identity(req: Request): string {
  if (req.caller) return `u:${req.caller.id}`;
  const device = req.get(DEVICE_ID_HEADER);
  if (device && /^[A-Za-z0-9_-]{8,64}$/.test(device)) return `d:${device}`;
  return `ip:${req.ip ?? 'unknown'}`;
}

export function promotionRoutes(promotions: PromotionService): Router {
  const router = Router();
  const limiter = new RateLimiterMemory({ points: EVENTS_PER_MINUTE, duration: 60 });

  router.post('/events', validateBody(promotionEventSchema), async (req, res) => {
    try {
      await limiter.consume(req.ip ?? 'unknown');
    } catch (err) {
      if (err instanceof Error) throw err;
      const wait = Math.max(1, Math.ceil((err as RateLimiterRes).msBeforeNext / 1000));
      throw new HttpError(429, 'rate_limited', rateLimitedMessage(wait), undefined, {
        'Retry-After': String(wait),
      });
    }
    const event = req.body as PromotionEvent;
    if (event.type !== 'visit' && !event.propertyId) throw new HttpError(400, 'validation_failed');
    res.set('Cache-Control', 'no-store');
    res.json(await promotions.record(event, req.caller ?? null, identity(req)));
  });

  router.get('/agents/:id', async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, 'not_agent');
    res.set('Cache-Control', 'no-store');
    res.json({ agent: await promotions.agent(id.data) });
  });

  router.get('/stats', requireCaller, async (req, res) => {
    const caller = req.caller!;
    const asked = typeof req.query.agentId === 'string' ? req.query.agentId : caller.id;
    const id = idSchema.safeParse(asked);
    if (!id.success) throw new HttpError(404, 'not_agent');
    if (caller.role !== 'admin' && (caller.role !== 'agent' || id.data !== caller.id))
      throw new HttpError(403, 'forbidden');
    res.set('Cache-Control', 'no-store');
    res.json(await promotions.stats(id.data));
  });

  return router;
}
