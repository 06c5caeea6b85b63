/**
 * 经纪人培训 (product §2 Agent pages, issue 15 item 5), the zod-free half: course and progress shapes,
 * levels, limits and texts, shared by the training screens, the device's progress outbox and the
 * gateway. The courses themselves are in training-content.ts (loaded only by the training route).
 */

/** Course levels (product §9). */
export const COURSE_LEVELS = ['初级', '中级', '高级'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** Course status (product §4): a coming_soon course cannot be started. */
export const COURSE_STATUSES = ['available', 'coming_soon'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** A simple figure drawn as SVG beside a lesson's text. */
export type LessonFigure =
  | { kind: 'steps'; caption: string; steps: string[] }
  | { kind: 'bars'; caption: string; unit: string; bars: { label: string; value: number }[] };

export interface Lesson {
  id: string;
  title: string;
  minutes: number;
  paragraphs: string[];
  figure?: LessonFigure;
}

export interface Course {
  id: string;
  title: string;
  description: string;
  level: CourseLevel;
  /** Out of 5. */
  rating: number;
  status: CourseStatus;
  /** Colours of the drawn thumbnail. */
  colors: [string, string];
  lessons: Lesson[];
}

/** An agent's progress in one course, kept on the device and in their account. */
export interface CourseProgress {
  courseId: string;
  /** Lesson ids completed, never fewer after a merge. */
  completedLessons: string[];
  /** The lesson the agent was last on (where another device resumes). */
  lastLesson: string | null;
  /** When the position was last moved (ms since epoch). */
  updatedAt: number;
}

/** GET /api/training/progress */
export interface TrainingProgressResponse {
  userId: string;
  courses: CourseProgress[];
}

/** GET /api/training/courses: learners are the distinct agents who started each course. */
export interface TrainingCoursesResponse {
  courses: { courseId: string; learners: number }[];
}

/** Bounds on what a device may send. */
export const TRAINING_LIMITS = {
  idMax: 40,
  lessonsMax: 12,
} as const;

/** Where the device keeps its progress and its unsent courses (per account). */
export const TRAINING_PROGRESS_KEY = (userId: string) => `cj_training_progress:${userId}`;
export const TRAINING_OUTBOX_KEY = (userId: string) => `cj_training_outbox:${userId}`;

export const TRAINING_MESSAGES = {
  title: '经纪人培训',
  subtitle: '为澄江本地经纪人准备的业务课程，离线也能学习，进度自动同步到您的账号。',
  comingSoon: '即将上线',
  completed: '已完成',
  start: '开始学习',
  resume: '继续学习',
  review: '重新学习',
  previous: '上一课',
  next: '下一课',
  completeLesson: '完成本课',
  lessonDone: '本课已完成',
  courseDone: '恭喜！您已完成本课程',
  lessons: '课程目录',
  /** Shown only once someone has started the course: a new course says nothing, not 0人学习. */
  learners: (n: number) => (n > 0 ? `${n}人学习` : ''),
  minutes: (n: number) => `${n}分钟`,
  progress: (done: number, total: number) => `已学 ${done}/${total} 课`,
  notFound: '课程不存在',
  notFoundHint: '该课程不存在或链接有误，请返回课程列表查看。',
  backToList: '返回课程列表',
  notStartable: '该课程即将上线，暂不能开始学习',
  unknownCourse: '课程不存在或尚未上线',
  unknownLesson: '课时不属于该课程',
} as const;

/** Total minutes of a course. */
export function courseMinutes(course: Course): number {
  return course.lessons.reduce((sum, l) => sum + l.minutes, 0);
}
