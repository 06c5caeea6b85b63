/** /api/properties/:id/demand-matches (issue 19 item 2): the owner's count of matching demands. */
import { Router } from 'express';
import { idSchema } from '@couchdb/model/common';
import {
  DEMAND_MATCH_MESSAGES,
  type DemandMatchesResponse,
} from '@couchdb/model/saved-search-facts';
import { HttpError } from '../http-error';
import { requireCaller } from '../middleware/authenticate';
import type { DemandMatchService } from '../services/demand-match-service';

export function demandMatchRoutes(matches: DemandMatchService): Router {
  const router = Router();
  router.get('/properties/:id/demand-matches', requireCaller, async (req, res) => {
    const id = idSchema.safeParse(req.params.id);
    const listing = id.success ? await matches.listing(id.data) : null;
    if (!listing) throw new HttpError(404, 'not_found');
    // Only the listing's owner (its publisher, an owner or an agent) sees the count.
    if (listing.user_id !== req.caller!.id)
      throw new HttpError(403, 'forbidden', DEMAND_MATCH_MESSAGES.ownerOnly);
    res.set('Cache-Control', 'no-store');
    res.json({ count: await matches.count(listing) } satisfies DemandMatchesResponse);
  });
  return router;
}
