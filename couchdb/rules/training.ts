/**
 * 经纪人培训 progress (issue 15 item 5): how two copies of an agent's progress in a course merge,
 * on the device (its own copy and the account's) and in the gateway (what is stored and what a
 * device sends). Completed lessons are a union, so nothing completed is ever lost; the position is
 * the one moved last.
 */
import type { Course, CourseProgress } from '@couchdb/model/training-facts';

/** The merge of two copies of one course's progress (either may be missing). */
export function mergeProgress(
  a: CourseProgress | undefined,
  b: CourseProgress | undefined,
): CourseProgress | undefined {
  if (!a || !b) return a ?? b;
  const [older, newer] = a.updatedAt > b.updatedAt ? [b, a] : [a, b];
  const completed = [...older.completedLessons];
  for (const id of newer.completedLessons) if (!completed.includes(id)) completed.push(id);
  return {
    courseId: newer.courseId,
    completedLessons: completed,
    lastLesson: newer.lastLesson ?? older.lastLesson,
    updatedAt: newer.updatedAt,
  };
}

/** How many of the course's lessons are completed (ids of other lessons are not counted). */
export function completedCount(course: Course, progress: CourseProgress | undefined): number {
  if (!progress) return 0;
  return course.lessons.filter((l) => progress.completedLessons.includes(l.id)).length;
}

/** Whether every lesson of the course is completed. */
export function isCourseCompleted(course: Course, progress: CourseProgress | undefined): boolean {
  return completedCount(course, progress) === course.lessons.length;
}

/**
 * The lesson to open: the last one the agent was on, else the first not completed, else the first.
 */
export function resumeLesson(course: Course, progress: CourseProgress | undefined): string {
  const ids = course.lessons.map((l) => l.id);
  if (progress?.lastLesson && ids.includes(progress.lastLesson)) return progress.lastLesson;
  return ids.find((id) => !progress?.completedLessons.includes(id)) ?? ids[0]!;
}
