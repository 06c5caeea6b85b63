/**
 * Training progress (issue 15 item 5): one document per agent in the private `training` database
 * holds their progress in each course, merged with what a device sends (couchdb/rules/training.ts:
 * completed lessons are never lost), retried on concurrent writes. On a CouchDB cluster two writes
 * on one revision can both be taken (architecture §9): the document then holds a hidden branch, so
 * every read merges the branches it finds, and the next write keeps the merge and removes them.
 * Learner counts are the distinct agents with a document naming the course (a county's agents: a
 * full read is fine).
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
  _conflicts?: string[];
  user_id: string;
  courses: Record<string, CourseProgress>;
}

/** Every course of `a` and `b`, each merged (no completed lesson of either is lost). */
function mergeCourses(
  a: Record<string, CourseProgress>,
  b: Record<string, CourseProgress>,
): Record<string, CourseProgress> {
  const merged = { ...a };
  for (const [id, progress] of Object.entries(b)) merged[id] = mergeProgress(a[id], progress)!;
  return merged;
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
    const { doc } = await this.load(userId);
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
      const { doc, branches } = await this.load(userId);
      const merged = mergeProgress(doc.courses[courseId], incoming)!;
      try {
        await this.db.insert({ ...doc, courses: { ...doc.courses, [courseId]: merged } });
        await this.dropBranches(doc._id, branches);
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

  /**
   * The user's progress document, with what its hidden branches hold merged in, and those branches'
   * revisions (to remove once the merge is written).
   */
  private async load(userId: string): Promise<{ doc: ProgressDoc; branches: string[] }> {
    let doc: ProgressDoc;
    try {
      doc = await this.db.get(docId(userId), { conflicts: true });
    } catch (err) {
      if (couchStatus(err) !== 404) throw err;
      return { doc: { _id: docId(userId), user_id: userId, courses: {} }, branches: [] };
    }
    const { _conflicts: branches = [], ...winner } = doc;
    let courses = winner.courses;
    for (const rev of branches) {
      const branch = await this.db.get(winner._id, { rev });
      courses = mergeCourses(courses, branch.courses ?? {});
    }
    return { doc: { ...winner, courses }, branches };
  }

  /** Removes branches whose progress a written merge holds (one removed already is fine). */
  private async dropBranches(id: string, revs: string[]): Promise<void> {
    if (revs.length === 0) return;
    await this.db.bulk({ docs: revs.map((rev) => ({ _id: id, _rev: rev, _deleted: true })) });
  }
}
