/**
 * An agent's training progress on the device (issue 15 item 5). Kept in localStorage per account
 * (no RxDB collection: the database is at its limit), with a small outbox of courses whose progress
 * is not yet in the account: each is sent whole and merged by the gateway, so sending twice is
 * harmless and nothing completed offline is lost. The account's progress is fetched and merged in
 * on load, so another device resumes where the agent left off.
 */
import {
  TRAINING_OUTBOX_KEY,
  TRAINING_PROGRESS_KEY,
  type CourseProgress,
  type TrainingProgressResponse,
} from '@couchdb/model/training-facts';
import { mergeProgress } from '@couchdb/rules/training';
import { ApiError, http } from '@client/lib/http';

type ProgressMap = Record<string, CourseProgress>;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

const listeners = new Set<() => void>();
const snapshots = new Map<string, ProgressMap>();

/** The device's progress of this agent, per course (a stable object until it changes). */
export function readTrainingProgress(userId: string): ProgressMap {
  let snap = snapshots.get(userId);
  if (!snap) {
    const parsed = readJson<unknown>(TRAINING_PROGRESS_KEY(userId), {});
    snap = parsed && typeof parsed === 'object' ? (parsed as ProgressMap) : {};
    snapshots.set(userId, snap);
  }
  return snap;
}

/** Calls back whenever any progress on the device changes (in this tab or another). */
export function subscribeTrainingProgress(listener: () => void): () => void {
  listenToOtherTabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let otherTabs = false;

/** Another tab of the app moved the progress: read it again. */
function listenToOtherTabs(): void {
  if (otherTabs) return;
  otherTabs = true;
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (!event.key?.startsWith(TRAINING_PROGRESS_KEY(''))) return;
    snapshots.clear();
    for (const l of listeners) l();
  });
}

function writeProgress(userId: string, progress: ProgressMap): void {
  snapshots.set(userId, progress);
  storage()?.setItem(TRAINING_PROGRESS_KEY(userId), JSON.stringify(progress));
  for (const l of listeners) l();
}

function readOutbox(userId: string): string[] {
  const parsed = readJson<unknown>(TRAINING_OUTBOX_KEY(userId), []);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
}

function writeOutbox(userId: string, ids: string[]): void {
  const store = storage();
  if (!store) return;
  if (ids.length === 0) store.removeItem(TRAINING_OUTBOX_KEY(userId));
  else store.setItem(TRAINING_OUTBOX_KEY(userId), JSON.stringify(ids));
}

/** Changes made per course in this page, so a send does not clear one made while it was on the way. */
const changes = new Map<string, number>();
const changeKey = (userId: string, courseId: string) => `${userId}|${courseId}`;

function change(userId: string, courseId: string, next: (p: CourseProgress) => CourseProgress) {
  const key = changeKey(userId, courseId);
  changes.set(key, (changes.get(key) ?? 0) + 1);
  const progress = readTrainingProgress(userId);
  const current = progress[courseId] ?? {
    courseId,
    completedLessons: [],
    lastLesson: null,
    updatedAt: 0,
  };
  writeProgress(userId, { ...progress, [courseId]: next(current) });
  const outbox = readOutbox(userId);
  if (!outbox.includes(courseId)) writeOutbox(userId, [...outbox, courseId]);
  void flushTrainingProgress(userId);
}

/** The agent opened a lesson: it becomes their position in the course. */
export function openLesson(userId: string, courseId: string, lessonId: string): void {
  if (readTrainingProgress(userId)[courseId]?.lastLesson === lessonId) return;
  change(userId, courseId, (p) => ({ ...p, lastLesson: lessonId, updatedAt: Date.now() }));
}

/** The agent completed a lesson (完成本课). */
export function completeLesson(userId: string, courseId: string, lessonId: string): void {
  change(userId, courseId, (p) => ({
    ...p,
    completedLessons: p.completedLessons.includes(lessonId)
      ? p.completedLessons
      : [...p.completedLessons, lessonId],
    lastLesson: lessonId,
    updatedAt: Date.now(),
  }));
}

function mergeIn(userId: string, remote: CourseProgress): void {
  const progress = readTrainingProgress(userId);
  const merged = mergeProgress(progress[remote.courseId], remote)!;
  writeProgress(userId, { ...progress, [remote.courseId]: merged });
}

const flushing = new Map<string, Promise<void>>();

/** Sends the courses kept in the outbox; stops at the first that cannot be sent now. */
export function flushTrainingProgress(userId: string): Promise<void> {
  let run = flushing.get(userId);
  if (!run) {
    run = send(userId).finally(() => flushing.delete(userId));
    flushing.set(userId, run);
  }
  return run;
}

async function send(userId: string): Promise<void> {
  for (;;) {
    const [courseId] = readOutbox(userId);
    if (!courseId) return;
    const progress = readTrainingProgress(userId)[courseId];
    const version = changes.get(changeKey(userId, courseId));
    if (progress) {
      try {
        const stored = await http.json<CourseProgress>(
          `/api/training/progress/${encodeURIComponent(courseId)}`,
          {
            method: 'PUT',
            body: {
              completedLessons: progress.completedLessons,
              lastLesson: progress.lastLesson,
              updatedAt: progress.updatedAt,
            },
          },
        );
        mergeIn(userId, stored);
      } catch (err) {
        // No answer (offline) or a server fault: keep it for the next connection.
        if (!(err instanceof ApiError) || err.isTransient) return;
        console.warn('training progress refused', courseId, err);
      }
    }
    // Changed again while it was sent: send it again (the gateway merges, so twice is harmless).
    if (changes.get(changeKey(userId, courseId)) !== version) continue;
    writeOutbox(
      userId,
      readOutbox(userId).filter((id) => id !== courseId),
    );
  }
}

/**
 * Merges the account's progress into the device's and sends what the device holds that the
 * account does not. Rejects when the account cannot be reached (the device's copy still shows).
 */
export async function syncTrainingProgress(userId: string): Promise<void> {
  const res = await http.json<TrainingProgressResponse>('/api/training/progress');
  for (const remote of res.courses) mergeIn(userId, remote);
  await flushTrainingProgress(userId);
}

/** Learners per course from the gateway (null when offline or refused). */
export async function fetchCourseLearners(): Promise<Record<string, number> | null> {
  try {
    const res = await http.json<{ courses: { courseId: string; learners: number }[] }>(
      '/api/training/courses',
    );
    return Object.fromEntries(res.courses.map((c) => [c.courseId, c.learners]));
  } catch (err) {
    console.warn('learner counts unavailable', err);
    return null;
  }
}
