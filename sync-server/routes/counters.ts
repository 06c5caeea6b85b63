/** Counter endpoints (product §4): listing views and contact-dialog opens, article views and likes. */
import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@couchdb/model/common';
import type { CounterKind, CounterService } from '../services/counter-service';
import { refuseWith, validate } from '../middleware/validate';
import { countedIdentity, requestInfo } from './request-info';

/** The counted document; an id that cannot be one names nothing there is. */
const countedParams = { schema: z.object({ id: idSchema }), refusal: refuseWith(404, 'not_found') };

/**
 * POST /:id/<action> for each action of one kind of document (mounted at /properties and /news),
 * counting the kind of event the action names.
 */
export function counterRoutes(
  counters: CounterService,
  actions: Record<string, CounterKind>,
): Router {
  const router = Router();
  for (const [action, kind] of Object.entries(actions)) {
    router.post(`/:id/${action}`, validate({ params: countedParams }), async (req, res) => {
      res.json(
        await counters.count(
          kind,
          req.params.id,
          req.caller ?? null,
          countedIdentity(req),
          requestInfo(req),
        ),
      );
    });
  }
  return router;
}
