/**
 * /api/training (issue 15 item 5): an agent's own progress (an admin may read anyone's), their
 * progress writes for one course, checked against the courses, and learner counts per course.
 */
import { Router } from 'express';
import { z } from 'zod';
import { idSchema } from '@couchdb/model/common';
import { progressUpdateProblem, progressUpdateSchema } from '@couchdb/model/training';
import { HttpError } from '../http-error';
import { requireRole } from '../middleware/authenticate';
import { validate, type PartSchema } from '../middleware/validate';
import type { TrainingService } from '../services/training-service';

/**
 * Whose progress (the caller's own when not named). An id that cannot be one is no user to an
 * admin; an agent asking for anyone but themselves is refused as such, whatever they name.
 */
const progressQuery = {
  schema: z.object({ userId: idSchema.optional() }),
  refusal: (_failure, req) =>
    req.caller?.role === 'admin'
      ? new HttpError(404, 'user_not_found')
      : new HttpError(403, 'forbidden'),
} satisfies PartSchema;

const courseParams = z.object({ courseId: z.string() });

export function trainingRoutes(training: TrainingService): Router {
  const router = Router();

  router.get(
    '/progress',
    requireRole('agent', 'admin'),
    validate({ query: progressQuery }),
    async (req, res) => {
      const caller = req.caller!;
      const id = req.query.userId ?? caller.id;
      if (caller.role !== 'admin' && id !== caller.id) throw new HttpError(403, 'forbidden');
      res.set('Cache-Control', 'no-store');
      res.json(await training.progress(id));
    },
  );

  router.put(
    '/progress/:courseId',
    requireRole('agent'),
    validate({ body: progressUpdateSchema, params: courseParams }),
    async (req, res) => {
      const { courseId } = req.params;
      const problem = progressUpdateProblem(courseId, req.body);
      if (problem) throw new HttpError(400, 'validation_failed', problem);
      res.set('Cache-Control', 'no-store');
      res.json(await training.update(req.caller!.id, courseId, req.body));
    },
  );

  router.get('/courses', requireRole('agent', 'admin'), async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await training.courses());
  });

  return router;
}
