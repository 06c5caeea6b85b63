import { describe, expect, it } from 'vitest';
import { COURSES, findCourse } from '@couchdb/model/training-content';
import { TRAINING_LIMITS, type CourseProgress } from '@couchdb/model/training-facts';
import { progressUpdateProblem, progressUpdateSchema } from '@couchdb/model/training';
import {
  completedCount,
  isCourseCompleted,
  mergeProgress,
  resumeLesson,
} from '@couchdb/rules/training';

const course = findCourse('listing-standards')!;
const progress = (over: Partial<CourseProgress> = {}): CourseProgress => ({
  courseId: course.id,
  completedLessons: [],
  lastLesson: null,
  updatedAt: 1_000,
  ...over,
});

describe('mergeProgress', () => {
  it('keeps every completed lesson of both copies, whichever is newer', () => {
    const phone = progress({ completedLessons: ['verify', 'photos'], updatedAt: 2_000 });
    const desk = progress({ completedLessons: ['title-and-price'], updatedAt: 3_000 });
    for (const merged of [mergeProgress(phone, desk), mergeProgress(desk, phone)]) {
      expect(new Set(merged!.completedLessons)).toEqual(
        new Set(['verify', 'photos', 'title-and-price']),
      );
    }
  });

  it('takes the position moved last, and the other one when the newer has none', () => {
    const older = progress({ lastLesson: 'photos', updatedAt: 2_000 });
    const newer = progress({ lastLesson: 'audit', updatedAt: 5_000 });
    expect(mergeProgress(older, newer)).toMatchObject({ lastLesson: 'audit', updatedAt: 5_000 });
    expect(mergeProgress(newer, older)).toMatchObject({ lastLesson: 'audit', updatedAt: 5_000 });
    expect(mergeProgress(older, progress({ updatedAt: 9_000 }))?.lastLesson).toBe('photos');
  });

  it('with one copy missing is that copy, and lists no lesson twice', () => {
    const one = progress({ completedLessons: ['verify'] });
    expect(mergeProgress(one, undefined)).toBe(one);
    expect(mergeProgress(undefined, one)).toBe(one);
    expect(mergeProgress(one, one)!.completedLessons).toEqual(['verify']);
  });
});

describe('course progress', () => {
  it('counts only the course’s own lessons and is completed when all are done', () => {
    const all = course.lessons.map((l) => l.id);
    expect(completedCount(course, progress({ completedLessons: ['verify', 'other'] }))).toBe(1);
    expect(isCourseCompleted(course, progress({ completedLessons: all.slice(1) }))).toBe(false);
    expect(isCourseCompleted(course, progress({ completedLessons: all }))).toBe(true);
    expect(isCourseCompleted(course, undefined)).toBe(false);
  });

  it('resumes at the last lesson, else the first not completed', () => {
    expect(resumeLesson(course, undefined)).toBe('verify');
    expect(resumeLesson(course, progress({ completedLessons: ['verify'] }))).toBe(
      'title-and-price',
    );
    expect(resumeLesson(course, progress({ lastLesson: 'audit' }))).toBe('audit');
  });
});

describe('progress updates', () => {
  it('accept known lessons of an available course only', () => {
    const ok = { completedLessons: ['verify'], lastLesson: 'photos' };
    expect(progressUpdateProblem('listing-standards', ok)).toBeNull();
    expect(progressUpdateProblem('no-such-course', ok)).toMatch(/课程不存在/);
    expect(progressUpdateProblem('rural-land-risk', { ...ok, completedLessons: [] })).toMatch(
      /尚未上线/,
    );
    expect(
      progressUpdateProblem('listing-standards', { completedLessons: ['rates'], lastLesson: null }),
    ).toMatch(/不属于/);
  });

  it('are bounded in size', () => {
    const many = Array.from({ length: TRAINING_LIMITS.lessonsMax + 1 }, (_, i) => `l${i}`);
    expect(
      progressUpdateSchema.safeParse({ completedLessons: many, lastLesson: null }).success,
    ).toBe(false);
    expect(
      progressUpdateSchema.safeParse({ completedLessons: ['x'.repeat(41)], lastLesson: null })
        .success,
    ).toBe(false);
  });
});

describe('the courses', () => {
  it('are six, each with 3–6 lessons of unique ids, and one or two coming soon', () => {
    expect(COURSES).toHaveLength(6);
    for (const c of COURSES) {
      expect(c.lessons.length).toBeGreaterThanOrEqual(3);
      expect(c.lessons.length).toBeLessThanOrEqual(Math.min(6, TRAINING_LIMITS.lessonsMax));
      expect(new Set(c.lessons.map((l) => l.id)).size).toBe(c.lessons.length);
    }
    const soon = COURSES.filter((c) => c.status === 'coming_soon').length;
    expect(soon).toBeGreaterThanOrEqual(1);
    expect(soon).toBeLessThanOrEqual(2);
  });
});
