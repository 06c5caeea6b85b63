/**
 * 经纪人培训: the progress a device sends for one course (PUT /api/training/progress/:courseId),
 * checked against the courses: only an available course and its own lessons, bounded sizes.
 * Shapes, texts and limits are in training-facts.ts (zod-free), the courses in training-content.ts.
 */
import { z } from 'zod';
import { COURSES } from './training-content';
import { TRAINING_LIMITS, TRAINING_MESSAGES } from './training-facts';

const lessonId = z.string().min(1).max(TRAINING_LIMITS.idMax);

/** The body of a progress write, before it is checked against its course. */
export const progressUpdateSchema = z.strictObject({
  completedLessons: z.array(lessonId).max(TRAINING_LIMITS.lessonsMax),
  lastLesson: lessonId.nullable(),
  /** When the device moved its position (ms since epoch); the gateway never takes a future one. */
  updatedAt: z.int().min(0).optional(),
});
export type ProgressUpdate = z.infer<typeof progressUpdateSchema>;

/** The course of a progress write when it may be started (available), else null. */
export function startableCourse(courseId: string) {
  return COURSES.find((c) => c.id === courseId && c.status === 'available') ?? null;
}

/** The first message wrong with an update for that course, or null when it is fine. */
export function progressUpdateProblem(courseId: string, update: ProgressUpdate): string | null {
  const course = startableCourse(courseId);
  if (!course) return TRAINING_MESSAGES.unknownCourse;
  const ids = new Set(course.lessons.map((l) => l.id));
  const named = [...update.completedLessons, ...(update.lastLesson ? [update.lastLesson] : [])];
  return named.every((id) => ids.has(id)) ? null : TRAINING_MESSAGES.unknownLesson;
}
