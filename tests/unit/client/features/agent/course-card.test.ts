/**
 * A course's card on /training (product §2 Agent pages): how many have started it shows once
 * someone has, never "0人学习" for a new course nor a placeholder while the count is unknown.
 * Rendered to HTML as the screen renders it.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { COURSES } from '@couchdb/model/training-content';
import { CourseCard } from '@client/features/agent/training-screen';

const course = COURSES.find((c) => c.status === 'available')!;

/** The text a reader sees on the card (styles, comments and tags left out). */
function cardText(learners: number | undefined): string {
  const html = renderToString(
    createElement(
      MemoryRouter,
      null,
      createElement(CourseCard, { course, progress: undefined, learners }),
    ),
  );
  return html
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('a course card', () => {
  it('shows how many learn the course once someone has started it', () => {
    expect(cardText(3)).toContain('3人学习');
  });

  it.each([0, undefined])('says nothing of learners for %s', (learners) => {
    const text = cardText(learners);
    expect(text).toContain(course.title);
    expect(text).not.toContain('人学习');
    expect(text).not.toContain('—');
  });
});
