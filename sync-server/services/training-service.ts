/**
 * Training progress (issue 15 item 5): one document per agent in the private `training` database
 * holds their progress in each course, merged with what a device sends (couchdb/rules/training.ts:
 * completed lessons are never lost), retried on concurrent writes. Learner counts are the distinct
 * agents with a document naming the course (a county's agents: a full read is fine).
 */
import { COURSES } from '@couchdb/model/training-content';
import type { ProgressUpdate } from '@couchdb/model/training';
import type {
  CourseProgress,
  TrainingCoursesResponse,
  TrainingProgressResponse,
} from '@couchdb/model/training-facts';
import { mergeProgress } from '@couchdb/rules/training';
import { HttpError } from '../http-error';
import { couchStatus, type Store } from '../store/couch';

interface ProgressDoc {
  _id: string;
  _rev?: string;
  user_id: string;
  courses: Record<string, CourseProgress>;
}

/** Writes tried against concurrent updates before giving up (409). */
const MAX_ATTEMPTS = 20;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const docId = (userId: string) => `progress:${userId}`;

export class TrainingService {
  constructor(private readonly store: Store) {}

  private get db() {
    return this.store.db<ProgressDoc>('training');
  }

  /** The user's progress in every course they started. */
  async progress(userId: string): Promise<TrainingProgressResponse> {
    const doc = await this.load(userId);
    return { userId, courses: Object.values(doc.courses) };
  }

  /** Merges a device's progress in one (checked) course into the stored one; answers the result. */
  async update(
    userId: string,
    courseId: string,
    update: ProgressUpdate,
    now = Date.now(),
  ): Promise<CourseProgress> {
    const incoming: CourseProgress = {
      courseId,
      completedLessons: update.completedLessons,
      lastLesson: update.lastLesson,
      updatedAt: Math.min(update.updatedAt ?? now, now),
    };
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) await pause(Math.random() * Math.min(100, 10 * attempt));
      const doc = await this.load(userId);
      const merged = mergeProgress(doc.courses[courseId], incoming)!;
      try {
        await this.db.insert({ ...doc, courses: { ...doc.courses, [courseId]: merged } });
        return merged;
      } catch (err) {
        if (couchStatus(err) !== 409) throw err; // another device wrote: read again
      }
    }
    throw new HttpError(409, 'conflict');
  }

  /** Learners per course: the distinct agents who started it. */
  async courses(): Promise<TrainingCoursesResponse> {
    const res = await this.db.list({ include_docs: true });
    const learners = new Map<string, number>();
    for (const row of res.rows) {
      const doc = row.doc as ProgressDoc | undefined;
      if (!doc?.courses) continue;
      for (const id of Object.keys(doc.courses)) learners.set(id, (learners.get(id) ?? 0) + 1);
    }
    return { courses: COURSES.map((c) => ({ courseId: c.id, learners: learners.get(c.id) ?? 0 })) };
  }

  private async load(userId: string): Promise<ProgressDoc> {
    try {
      return await this.db.get(docId(userId));
    } catch (err) {
      if (couchStatus(err) !== 404) throw err;
    }
    return { _id: docId(userId), user_id: userId, courses: {} };
  }
}
