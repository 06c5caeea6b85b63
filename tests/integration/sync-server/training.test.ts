/**
 * Training progress (issue 15 item 5): agents only (users 403, visitors 401); only known lessons of
 * an available course; a write merges with what is stored and never loses a completed lesson, also
 * under concurrent writes; learner counts are the distinct agents who started a course.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let agent: Account;
let otherAgent: Account;
let admin: Account;
let user: Account;

beforeAll(async () => {
  gw = await startTestGateway();
  agent = await gw.createUser('agent', '学习经纪人');
  otherAgent = await gw.createUser('agent', '另一位经纪人');
  admin = await gw.createUser('admin');
  user = await gw.createUser('user');
});
afterAll(async () => {
  await gw?.cleanup();
});

const put = (who: Account | null, courseId: string, body: object) => {
  const req = request(gw.app).put(`/api/training/progress/${courseId}`).send(body);
  return who ? req.set(api.bearer(who)) : req;
};
const progress = (who: Account | null, userId?: string) => {
  const req = request(gw.app)
    .get('/api/training/progress')
    .query(userId ? { userId } : {});
  return who ? req.set(api.bearer(who)) : req;
};
const learners = async (who: Account, courseId: string) => {
  const res = await request(gw.app).get('/api/training/courses').set(api.bearer(who));
  expect(res.status).toBe(200);
  return (res.body.courses as { courseId: string; learners: number }[]).find(
    (c) => c.courseId === courseId,
  )!.learners;
};

describe('/api/training access', () => {
  it('refuses visitors (401) and users (403) on every endpoint', async () => {
    const body = { completedLessons: ['verify'], lastLesson: 'verify' };
    expect((await put(null, 'listing-standards', body)).status).toBe(401);
    expect((await put(user, 'listing-standards', body)).status).toBe(403);
    // Progress is an agent's own: an admin reads it but writes none.
    expect((await put(admin, 'listing-standards', body)).status).toBe(403);
    expect((await progress(null)).status).toBe(401);
    expect((await progress(user)).status).toBe(403);
    expect((await request(gw.app).get('/api/training/courses')).status).toBe(401);
    expect((await request(gw.app).get('/api/training/courses').set(api.bearer(user))).status).toBe(
      403,
    );
  });

  it('lets an agent read only their own progress, an admin anyone’s', async () => {
    await put(otherAgent, 'showing-skills', { completedLessons: ['needs'], lastLesson: 'needs' });
    expect((await progress(agent, otherAgent.user.id)).status).toBe(403);
    const res = await progress(admin, otherAgent.user.id);
    expect(res.status).toBe(200);
    expect(res.body.courses).toEqual([
      expect.objectContaining({ courseId: 'showing-skills', completedLessons: ['needs'] }),
    ]);
  });
});

describe('progress writes', () => {
  it('refuse unknown courses, coming-soon courses, foreign lessons and oversized bodies', async () => {
    const bad = [
      ['no-such-course', { completedLessons: [], lastLesson: null }],
      ['rural-land-risk', { completedLessons: ['homestead'], lastLesson: 'homestead' }],
      ['listing-standards', { completedLessons: ['rates'], lastLesson: null }],
      ['listing-standards', { completedLessons: [], lastLesson: 'needs' }],
      ['listing-standards', { completedLessons: Array(13).fill('verify'), lastLesson: null }],
      ['listing-standards', { completedLessons: [], lastLesson: null, extra: 1 }],
    ] as const;
    for (const [courseId, body] of bad) {
      const res = await put(agent, courseId, body);
      expect(res.status, `${courseId} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await progress(agent)).body.courses).toEqual([]);
  });

  it('merge with what is stored: a completed lesson is never lost, the position is the newest', async () => {
    const first = await put(agent, 'resale-process', {
      completedLessons: ['flow', 'taxes'],
      lastLesson: 'taxes',
    });
    expect(first.status).toBe(200);
    // A second device that only knew of the first lesson.
    const second = await put(agent, 'resale-process', {
      completedLessons: ['flow'],
      lastLesson: 'contract',
    });
    expect(second.status).toBe(200);
    expect(new Set(second.body.completedLessons)).toEqual(new Set(['flow', 'taxes']));
    expect(second.body.lastLesson).toBe('contract');
    // A device sending an older position does not move it back.
    const stale = await put(agent, 'resale-process', {
      completedLessons: [],
      lastLesson: 'flow',
      updatedAt: 1,
    });
    expect(stale.body.lastLesson).toBe('contract');
    const stored = (await progress(agent)).body.courses.find(
      (c: { courseId: string }) => c.courseId === 'resale-process',
    );
    expect(new Set(stored.completedLessons)).toEqual(new Set(['flow', 'taxes']));
  });

  it('keep the lessons of a hidden branch, as a cluster leaves after two writes on one revision', async () => {
    const first = await put(otherAgent, 'resale-process', {
      completedLessons: ['flow'],
      lastLesson: 'flow',
    });
    expect(first.status).toBe(200);
    const db = gw.store.db<{ _id: string; _rev: string; courses: object }>('training');
    const stored = await db.get(`progress:${otherAgent.user.id}`);
    // A sibling of the stored revision, as two copies that each took one write hold them.
    const sibling = {
      ...stored,
      _rev: `${Number.parseInt(stored._rev, 10) + 1}-${'f'.repeat(32)}`,
      courses: {
        'resale-process': { courseId: 'resale-process', completedLessons: ['taxes'], updatedAt: 1 },
      },
    };
    await db.bulk({ docs: [sibling], new_edits: false });
    const winner = await db.get(stored._id, { conflicts: true });
    expect(winner._conflicts).toHaveLength(1);

    const lessonsOf = async () =>
      new Set(
        (await progress(otherAgent)).body.courses.find(
          (c: { courseId: string }) => c.courseId === 'resale-process',
        ).completedLessons,
      );
    expect(await lessonsOf()).toEqual(new Set(['flow', 'taxes']));
    // The next write keeps both and removes the branch.
    expect(
      (
        await put(otherAgent, 'resale-process', {
          completedLessons: ['contract'],
          lastLesson: 'contract',
        })
      ).status,
    ).toBe(200);
    expect(await lessonsOf()).toEqual(new Set(['flow', 'taxes', 'contract']));
    expect((await db.get(stored._id, { conflicts: true }))._conflicts).toBeUndefined();
  });

  it('keep every lesson of concurrent writes from several devices', async () => {
    const lessons = ['promotion-link', 'poster', 'offline', 'review-stats'];
    const answers = await Promise.all(
      lessons.map((id) => put(agent, 'new-media-qr', { completedLessons: [id], lastLesson: id })),
    );
    for (const res of answers) expect(res.status).toBe(200);
    const stored = (await progress(agent)).body.courses.find(
      (c: { courseId: string }) => c.courseId === 'new-media-qr',
    );
    expect(new Set(stored.completedLessons)).toEqual(new Set(lessons));
  });
});

describe('learner counts', () => {
  it('count distinct agents who started a course, not their writes', async () => {
    const before = await learners(agent, 'mortgage-policy');
    await put(agent, 'mortgage-policy', { completedLessons: [], lastLesson: 'rates' });
    await put(agent, 'mortgage-policy', { completedLessons: ['rates'], lastLesson: 'rates' });
    // Counted from a full read, which on a cluster may come from a copy a moment behind.
    const soon = { timeout: 10_000 };
    await expect.poll(() => learners(agent, 'mortgage-policy'), soon).toBe(before + 1);
    await put(otherAgent, 'mortgage-policy', { completedLessons: [], lastLesson: 'rates' });
    await expect.poll(() => learners(admin, 'mortgage-policy'), soon).toBe(before + 2);
    expect(await learners(agent, 'rural-land-risk')).toBe(0);
  });
});
