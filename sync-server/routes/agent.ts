/** /api/agent (issue 15): the agent's own listing statistics (an admin may ask for anyone's). */
import { Router } from 'express';
import { idSchema } from '@couchdb/model/common';
import type { ListingStatsResponse } from '@couchdb/model/listing-stats';
import { HttpError } from '../http-error';
import { requireCaller } from '../middleware/authenticate';
import type { ListingStatsService } from '../services/listing-stats-service';

export function agentRoutes(stats: ListingStatsService): Router {
  const router = Router();
  router.get('/listing-stats', requireCaller, async (req, res) => {
    const caller = req.caller!;
    const asked = typeof req.query.userId === 'string' ? req.query.userId : caller.id;
    const id = idSchema.safeParse(asked);
    if (!id.success) throw new HttpError(404, 'user_not_found');
    if (caller.role !== 'admin' && (caller.role !== 'agent' || id.data !== caller.id))
      throw new HttpError(403, 'forbidden');
    res.set('Cache-Control', 'no-store');
    res.json({ listings: await stats.forOwner(id.data) } satisfies ListingStatsResponse);
  });
  return router;
}
