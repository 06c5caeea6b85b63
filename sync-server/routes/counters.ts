/** Counter endpoints (spec §4): listing views and contact-dialog opens, article views and likes. */
import { Router, type Request } from 'express';
import { idSchema } from '@couchdb/model/common';
import { DEVICE_ID_HEADER } from '@couchdb/model/sync';
import { HttpError } from '../http-error';
import type { CounterKind, CounterService } from '../services/counter-service';

/** Who is counted: the signed-in user, else the device's own id, else the address. */
function identity(req: Request): string {
  if (req.caller) return `u:${req.caller.id}`;
  const device = req.get(DEVICE_ID_HEADER);
  if (device && /^[A-Za-z0-9_-]{8,64}$/.test(device)) return `d:${device}`;
  return `ip:${req.ip ?? 'unknown'}`;
}

export function counterRoutes(counters: CounterService): Router {
  const router = Router();
  const route = (path: string, kind: CounterKind) =>
    router.post(path, async (req, res) => {
      const id = idSchema.safeParse(req.params.id);
      if (!id.success) throw new HttpError(404, 'not_found');
      const request = { ip: req.ip ?? '', userAgent: String(req.headers['user-agent'] ?? '') };
      res.json(await counters.count(kind, id.data, req.caller ?? null, identity(req), request));
    });
  route('/properties/:id/view', 'property_view');
  route('/properties/:id/contact', 'property_contact');
  route('/news/:id/view', 'news_view');
  route('/news/:id/like', 'news_like');
  return router;
}
