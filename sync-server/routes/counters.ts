/** Counter endpoints (product §4): listing views and contact-dialog opens, article views and likes. */
import { Router } from 'express';
import { idSchema } from '@couchdb/model/common';
import { HttpError } from '../http-error';
import type { CounterKind, CounterService } from '../services/counter-service';
import { countedIdentity, requestInfo } from './request-info';

export function counterRoutes(counters: CounterService): Router {
  const router = Router();
  const route = (path: string, kind: CounterKind) =>
    router.post(path, async (req, res) => {
      const id = idSchema.safeParse(req.params.id);
      if (!id.success) throw new HttpError(404, 'not_found');
      res.json(
        await counters.count(
          kind,
          id.data,
          req.caller ?? null,
          countedIdentity(req),
          requestInfo(req),
        ),
      );
    });
  route('/properties/:id/view', 'property_view');
  route('/properties/:id/contact', 'property_contact');
  route('/news/:id/view', 'news_view');
  route('/news/:id/like', 'news_like');
  return router;
}
