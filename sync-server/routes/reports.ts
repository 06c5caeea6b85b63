/**
 * Reports of a listing (issue 19): a signed-in user files one (POST /api/reports) and reads their
 * own (GET /api/reports/mine); admins read the queue (GET /api/admin/reports) and decide on a
 * listing's open reports (POST /api/admin/reports/:propertyId/decision). Never replicated.
 */
import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@couchdb/model/common';
import { reportCreateSchema, reportDecisionSchema } from '@couchdb/model/report';
import { requireCaller, requireRole } from '../middleware/authenticate';
import { refuseWith, validate } from '../middleware/validate';
import type { ReportService } from '../services/report-service';
import { requestInfo } from './request-info';

/** The reported listing; an id that cannot be one names no listing. */
const listingParams = {
  schema: z.object({ propertyId: idSchema }),
  refusal: refuseWith(404, 'not_found'),
};

/** /api/reports: a signed-in user's reports. */
export function reportRoutes(reports: ReportService): Router {
  const router = Router();

  router.post('/', requireCaller, validate({ body: reportCreateSchema }), async (req, res) => {
    const report = await reports.create(req.caller!, req.body, req.ip ?? 'unknown');
    res.status(201).json({ report });
  });

  router.get('/mine', requireCaller, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ reports: await reports.mine(req.caller!) });
  });

  return router;
}

/** /api/admin/reports: the queue and the decisions. */
export function adminReportRoutes(reports: ReportService): Router {
  const router = Router();

  router.get('/', requireRole('admin'), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ queue: await reports.queue() });
  });

  router.post(
    '/:propertyId/decision',
    requireRole('admin'),
    validate({ body: reportDecisionSchema, params: listingParams }),
    async (req, res) => {
      res.json(
        await reports.decide(req.caller!, req.params.propertyId, req.body, requestInfo(req)),
      );
    },
  );

  return router;
}
