/** /api/agent (issue 15): the agent's own listing statistics (an admin may ask for anyone's). */
import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@couchdb/model/common';
import type { ListingStatsResponse } from '@couchdb/model/listing-stats';
import { HttpError } from '../http-error';
import { requireCaller } from '../middleware/authenticate';
import { refuseWith, validate } from '../middleware/validate';
import type { ListingStatsService } from '../services/listing-stats-service';

/** Whose statistics (the caller's own when not named); an id that cannot be one is no user. */
const statsQuery = {
  schema: z.object({ userId: idSchema.optional() }),
  refusal: refuseWith(404, 'user_not_found'),
};

export function agentRoutes(stats: ListingStatsService): Router {
  const router = Router();
  router.get('/listing-stats', requireCaller, validate({ query: statsQuery }), async (req, res) => {
    const caller = req.caller!;
    const id = req.query.userId ?? caller.id;
    if (caller.role !== 'admin' && (caller.role !== 'agent' || id !== caller.id))
      throw new HttpError(403, 'forbidden');
    res.set('Cache-Control', 'no-store');
    res.json({ listings: await stats.forOwner(id) } satisfies ListingStatsResponse);
  });
  return router;
}
