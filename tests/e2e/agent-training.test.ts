/**
 * 经纪人培训 (issue 15 item 5) in real Chromium against the real gateway (embedded store, demo
 * data): the demo agent completes a lesson, the progress survives a reload, reaches the account and
 * shows on a second signed-in browser, which resumes at the same lesson; a lesson completed offline
 * is kept and sent when the connection returns; a coming_soon course cannot be started; a user sees
 * the agents-only denial. Run `npm run build` first (`npm run test:e2e` does).
 */
import { describe, expect, it, vi } from 'vitest';
import { findCourse } from '@couchdb/model/training-content';
import { TRAINING_MESSAGES as tm, type CourseProgress } from '@couchdb/model/training-facts';
import { saveScreenshot, SYNC_WAIT, UI_WAIT, VIEWPORTS } from '../helpers/browser';
import { bearer } from '../helpers/sync-api';
import { PwaChrome } from './pages/pwa-chrome';
import { CoursePage, TrainingPage } from './pages/training-page';
import { useWorld } from './world';

vi.setConfig({ testTimeout: 180_000 });

const COURSE = 'listing-standards';
const course = findCourse(COURSE)!;
const lessonIds = course.lessons.map((l) => l.id);

const world = useWorld({ devices: ['phone', 'laptop', 'user'], accounts: ['agent'] });

/** The agent's progress in COURSE as the account holds it. */
async function stored(): Promise<CourseProgress | undefined> {
  const res = await fetch(`${world.url}/api/training/progress`, {
    headers: bearer(world.accounts.agent),
  });
  const body = (await res.json()) as { courses: CourseProgress[] };
  return body.courses.find((c) => c.courseId === COURSE);
}

describe('经纪人培训', () => {
  it('a completed lesson survives a reload, reaches the account and shows on a second browser', async () => {
    const page = await world.signedIn(world.devices.phone, 'agent', {
      viewport: VIEWPORTS.mobile,
      path: '/training',
    });
    const training = new TrainingPage(page);
    await training.heading.waitFor(UI_WAIT);
    await expect.poll(() => training.cards.count(), UI_WAIT).toBe(6);
    expect(await training.progressText(COURSE)).toBe(tm.progress(0, lessonIds.length));
    // Nobody has started it yet: the card says nothing of learners rather than 0人学习.
    await expect.poll(() => training.learners(COURSE).count(), UI_WAIT).toBe(0);
    expect(await training.card(COURSE).textContent()).not.toContain('人学习');
    await saveScreenshot(page, 'training-mobile');

    await training.startLink(COURSE).click();
    const reader = new CoursePage(page);
    await expect
      .poll(() => reader.lessonTitle.textContent(), UI_WAIT)
      .toBe(course.lessons[0]!.title);
    await reader.completeButton.click();
    await reader.doneButton.waitFor(UI_WAIT);
    expect(await reader.doneLessons()).toEqual([0]);
    await reader.nextButton.click();
    await expect
      .poll(() => reader.lessonTitle.textContent(), UI_WAIT)
      .toBe(course.lessons[1]!.title);

    // Kept on the device: a reload shows it at once.
    await page.reload();
    await expect.poll(() => reader.doneLessons(), UI_WAIT).toEqual([0]);
    await expect
      .poll(() => reader.lessonTitle.textContent(), UI_WAIT)
      .toBe(course.lessons[1]!.title);
    await saveScreenshot(page, 'training-lesson-mobile');

    // And in the account, with the position.
    await expect
      .poll(() => stored(), SYNC_WAIT)
      .toMatchObject({ completedLessons: [lessonIds[0]], lastLesson: lessonIds[1] });

    // A second browser signed in as the same agent resumes there.
    const other = await world.signedIn(world.devices.laptop, 'agent', {
      path: '/training',
    });
    const laptopTraining = new TrainingPage(other);
    await laptopTraining.heading.waitFor(UI_WAIT);
    await expect
      .poll(() => laptopTraining.progressText(COURSE), SYNC_WAIT)
      .toBe(tm.progress(1, lessonIds.length));
    await expect.poll(() => laptopTraining.learnersText(COURSE), UI_WAIT).toBe(tm.learners(1));
    expect(await laptopTraining.startLink(COURSE).textContent()).toBe(tm.resume);
    await saveScreenshot(other, 'training-desktop');
    await laptopTraining.startLink(COURSE).click();
    const laptopReader = new CoursePage(other);
    await expect
      .poll(() => laptopReader.lessonTitle.textContent(), UI_WAIT)
      .toBe(course.lessons[1]!.title);
    expect(await laptopReader.doneLessons()).toEqual([0]);
    await saveScreenshot(other, 'training-lesson-desktop');
    await other.close();
    await page.close();
  });

  it('offline: a lesson completed without a connection is kept and sent when it returns', async () => {
    const page = await world.signedIn(world.devices.phone, 'agent', {
      viewport: VIEWPORTS.mobile,
    });
    await new PwaChrome(page).waitForServiceWorker();
    const reader = new CoursePage(page);
    await reader.goto(world.url, COURSE);
    await expect.poll(() => reader.doneLessons(), UI_WAIT).toEqual([0]);

    await world.devices.phone.context.setOffline(true);
    try {
      await page.reload();
      await new PwaChrome(page).offlineBanner.waitFor(UI_WAIT);
      await expect
        .poll(() => reader.lessonTitle.textContent(), UI_WAIT)
        .toBe(course.lessons[1]!.title);
      await reader.completeButton.click();
      await reader.doneButton.waitFor(UI_WAIT);
      await page.reload();
      await expect.poll(() => reader.doneLessons(), UI_WAIT).toEqual([0, 1]);
      expect((await stored())?.completedLessons).toEqual([lessonIds[0]]);
    } finally {
      await world.devices.phone.context.setOffline(false);
    }
    await expect
      .poll(async () => new Set((await stored())?.completedLessons), SYNC_WAIT)
      .toEqual(new Set(lessonIds.slice(0, 2)));
    await page.close();
  });

  it('a lesson shows its figure at both sizes', async () => {
    const resale = findCourse('resale-process')!;
    const page = await world.signedIn(world.devices.laptop, 'agent');
    for (const [viewport, name] of [
      [VIEWPORTS.desktop, 'training-figure-desktop'],
      [VIEWPORTS.mobile, 'training-figure-mobile'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${world.url}/training/${resale.id}?lesson=${resale.lessons[0]!.id}`);
      const reader = new CoursePage(page);
      await expect
        .poll(() => reader.lessonTitle.textContent(), UI_WAIT)
        .toBe(resale.lessons[0]!.title);
      await page.locator('figure svg[role="img"]').filter({ visible: true }).waitFor(UI_WAIT);
      await saveScreenshot(page, name);
    }
    await page.close();
  });

  it('a course with every lesson completed shows 已完成', async () => {
    const showing = findCourse('showing-skills')!;
    const page = await world.signedIn(world.devices.laptop, 'agent');
    const reader = new CoursePage(page);
    await reader.goto(world.url, showing.id);
    for (const [i, lesson] of showing.lessons.entries()) {
      await expect.poll(() => reader.lessonTitle.textContent(), UI_WAIT).toBe(lesson.title);
      await reader.completeButton.click();
      await reader.doneButton.waitFor(UI_WAIT);
      if (i < showing.lessons.length - 1) await reader.nextButton.click();
    }
    await page.getByText(tm.courseDone).waitFor(UI_WAIT);
    const training = new TrainingPage(page);
    await training.goto(world.url);
    const card = training.card(showing.id);
    await card.getByText(tm.completed, { exact: true }).waitFor(UI_WAIT);
    expect(await training.startLink(showing.id).textContent()).toBe(tm.review);
    expect(await training.progressText(showing.id)).toBe(
      tm.progress(showing.lessons.length, showing.lessons.length),
    );
    await page.close();
  });

  it('a coming_soon course shows 即将上线 and cannot be started', async () => {
    const page = await world.signedIn(world.devices.laptop, 'agent', {
      path: '/training',
    });
    const training = new TrainingPage(page);
    await training.heading.waitFor(UI_WAIT);
    const soon = training.card('rural-land-risk');
    await soon.getByText(tm.comingSoon, { exact: true }).waitFor(UI_WAIT);
    expect(await training.startLink('rural-land-risk').count()).toBe(0);
    expect(await soon.getByRole('button').count()).toBe(0);

    const reader = new CoursePage(page);
    await reader.goto(world.url, 'rural-land-risk');
    await reader.notStartable.waitFor(UI_WAIT);
    expect(await reader.completeButton.count()).toBe(0);
    expect(await reader.lessons.count()).toBe(0);
    const res = await fetch(`${world.url}/api/training/progress/rural-land-risk`, {
      method: 'PUT',
      headers: { ...bearer(world.accounts.agent), 'Content-Type': 'application/json' },
      body: JSON.stringify({ completedLessons: [], lastLesson: 'homestead' }),
    });
    expect(res.status).toBe(400);
    await page.close();
  });

  it('a user sees the agents-only denial with a link to /profile', async () => {
    const page = await world.signedIn(world.devices.user, 'user', {
      path: '/training',
    });
    const training = new TrainingPage(page);
    await training.denial.waitFor(UI_WAIT);
    expect(await training.cards.count()).toBe(0);
    await training.profileLink.click();
    await page.waitForURL(`${world.url}/profile`, UI_WAIT);
    await page.close();
  });
});
