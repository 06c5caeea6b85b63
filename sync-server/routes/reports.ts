/**
 * Reports of a listing (issue 19): a signed-in user files one (POST /api/reports) and reads their
 * own (GET /api/reports/mine); admins read the queue (GET /api/admin/reports) and decide on a
 * listing's open reports (POST /api/admin/reports/:propertyId/decision). Never replicated.
 */
import { Router } from 'express';
import { idSchema } from '@couchdb/model/common';
import {
  reportCreateSchema,
  reportDecisionSchema,
  type ReportCreate,
  type ReportDecisionBody,
} from '@couchdb/model/report';
import { HttpError } from '../http-error';
import { requireCaller, requireRole } from '../middleware/authenticate';
import { validateBody } from '../middleware/validate';
import type { ReportService } from '../services/report-service';
import { requestInfo } from './request-info';

export function reportRoutes(reports: ReportService): Router {
  const router = Router();

  router.post('/reports', requireCaller, validateBody(reportCreateSchema), async (req, res) => {
    const report = await reports.create(req.caller!, req.body as ReportCreate, req.ip ?? 'unknown');
    res.status(201).json({ report });
  });

  router.get('/reports/mine', requireCaller, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ reports: await reports.mine(req.caller!) });
  });

  router.get('/admin/reports', requireRole('admin'), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ queue: await reports.queue() });
  });

  router.post(
    '/admin/reports/:propertyId/decision',
    requireRole('admin'),
    validateBody(reportDecisionSchema),
    async (req, res) => {
      const id = idSchema.safeParse(req.params.propertyId);
      if (!id.success) throw new HttpError(404, 'not_found');
      res.json(
        await reports.decide(
          req.caller!,
          id.data,
          req.body as ReportDecisionBody,
          requestInfo(req),
        ),
      );
    },
  );

  return router;
}
