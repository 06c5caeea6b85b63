/** /api/properties/:id/demand-matches (issue 19 item 2): the owner's count of matching demands. */
import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@couchdb/model/common';
import {
  DEMAND_MATCH_MESSAGES,
  type DemandMatchesResponse,
} from '@couchdb/model/saved-search-facts';
import { HttpError } from '../http-error';
import { requireCaller } from '../middleware/authenticate';
import { refuseWith, validate } from '../middleware/validate';
import type { DemandMatchService } from '../services/demand-match-service';

/** The listing; an id that cannot be one names no listing. */
const listingParams = { schema: z.object({ id: idSchema }), refusal: refuseWith(404, 'not_found') };

/** Mounted at /properties. */
export function demandMatchRoutes(matches: DemandMatchService): Router {
  const router = Router();
  router.get(
    '/:id/demand-matches',
    requireCaller,
    validate({ params: listingParams }),
    async (req, res) => {
      const listing = await matches.listing(req.params.id);
      if (!listing) throw new HttpError(404, 'not_found');
      // Only the listing's owner (its publisher, an owner or an agent) sees the count.
      if (listing.user_id !== req.caller!.id)
        throw new HttpError(403, 'forbidden', DEMAND_MATCH_MESSAGES.ownerOnly);
      res.set('Cache-Control', 'no-store');
      res.json({ count: await matches.count(listing) } satisfies DemandMatchesResponse);
    },
  );
  return router;
}
