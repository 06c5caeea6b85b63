/**
 * /api/training (issue 15 item 5): an agent's own progress (an admin may read anyone's), their
 * progress writes for one course, checked against the courses, and learner counts per course.
 */
import { Router } from 'express';
import { idSchema } from '@couchdb/model/common';
import {
  progressUpdateProblem,
  progressUpdateSchema,
  type ProgressUpdate,
} from '@couchdb/model/training';
import { HttpError } from '../http-error';
import { requireRole } from '../middleware/authenticate';
import { validateBody } from '../middleware/validate';
import type { TrainingService } from '../services/training-service';

export function trainingRoutes(training: TrainingService): Router {
  const router = Router();

  router.get('/progress', requireRole('agent', 'admin'), async (req, res) => {
    const caller = req.caller!;
    const asked = typeof req.query.userId === 'string' ? req.query.userId : caller.id;
    if (caller.role !== 'admin' && asked !== caller.id) throw new HttpError(403, 'forbidden');
    const id = idSchema.safeParse(asked);
    if (!id.success) throw new HttpError(404, 'user_not_found');
    res.set('Cache-Control', 'no-store');
    res.json(await training.progress(id.data));
  });

  router.put(
    '/progress/:courseId',
    requireRole('agent'),
    validateBody(progressUpdateSchema),
    async (req, res) => {
      const courseId = String(req.params.courseId);
      const problem = progressUpdateProblem(courseId, req.body as ProgressUpdate);
      if (problem) throw new HttpError(400, 'validation_failed', problem);
      res.set('Cache-Control', 'no-store');
      res.json(await training.update(req.caller!.id, courseId, req.body as ProgressUpdate));
    },
  );

  router.get('/courses', requireRole('agent', 'admin'), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await training.courses());
  });

  return router;
}
