/** /training (经纪人培训) and /training/:courseId: course cards, the lesson list and the reader. */
import type { Locator, Page } from 'playwright-core';
import { ACCESS_MESSAGES } from '@couchdb/rules/access';
import { TRAINING_MESSAGES as tm } from '@couchdb/model/training-facts';
import { UI_WAIT } from '../../helpers/browser';

export class TrainingPage {
  readonly heading: Locator;
  readonly cards: Locator;
  readonly denial: Locator;
  readonly profileLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: tm.title, level: 1 });
    this.cards = page.getByTestId('course-card');
    this.denial = page.getByText(ACCESS_MESSAGES.agentOnlyPage);
    this.profileLink = page.getByRole('link', { name: '前往个人中心' });
  }

  async goto(base: string): Promise<void> {
    await this.page.goto(`${base}/training`);
    await this.heading.waitFor(UI_WAIT);
  }

  card(courseId: string): Locator {
    return this.page.locator(`[data-testid="course-card"][data-course="${courseId}"]`);
  }

  /** The card's start/resume/review link (none for a coming_soon course). */
  startLink(courseId: string): Locator {
    return this.card(courseId).getByRole('link');
  }

  /** 已学 n/m 课 on the card. */
  async progressText(courseId: string): Promise<string | null> {
    return this.card(courseId).getByTestId('course-progress').textContent();
  }

  /** N人学习 on the card (absent until someone has started the course). */
  learners(courseId: string): Locator {
    return this.card(courseId).getByTestId('course-learners');
  }

  async learnersText(courseId: string): Promise<string | null> {
    return this.learners(courseId).textContent();
  }
}

export class CoursePage {
  readonly lessons: Locator;
  readonly lessonTitle: Locator;
  readonly completeButton: Locator;
  readonly doneButton: Locator;
  readonly nextButton: Locator;
  readonly previousButton: Locator;
  readonly notStartable: Locator;

  constructor(readonly page: Page) {
    this.lessons = page.getByTestId('lesson-item');
    this.lessonTitle = page.locator('article h2');
    this.completeButton = page.getByRole('button', { name: tm.completeLesson });
    this.doneButton = page.getByRole('button', { name: tm.lessonDone });
    this.nextButton = page.getByRole('button', { name: tm.next });
    this.previousButton = page.getByRole('button', { name: tm.previous });
    this.notStartable = page.getByText(tm.notStartable);
  }

  async goto(base: string, courseId: string): Promise<void> {
    await this.page.goto(`${base}/training/${courseId}`);
    await this.page.getByRole('link', { name: tm.backToList }).waitFor(UI_WAIT);
  }

  /** Which lessons the list shows as done (their indexes). */
  async doneLessons(): Promise<number[]> {
    const flags = await this.lessons.evaluateAll((items) =>
      items.map((el) => el.getAttribute('data-done') === 'true'),
    );
    return flags.flatMap((done, i) => (done ? [i] : []));
  }
}
