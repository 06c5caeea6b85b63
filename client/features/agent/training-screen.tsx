import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import { COURSES } from '@couchdb/model/training-content';
import {
  courseMinutes,
  TRAINING_MESSAGES as tm,
  type Course,
  type CourseProgress,
} from '@couchdb/model/training-facts';
import { completedCount, isCourseCompleted } from '@couchdb/rules/training';
import { PageHeader } from '@client/components/page-header';
import { useAuth } from '@client/lib/session/auth-context';
import { AgentGate } from './components/agent-gate';
import { CourseThumbnail } from './components/training-art';
import { CoursePage } from './components/training-course';
import { useCourseLearners, useTrainingProgress } from './components/use-training-progress';

/**
 * 经纪人培训 (product §2 Agent pages, issue 15 item 5): /training lists the six courses with the
 * agent's progress, /training/:courseId reads one (one route chunk for both, so the first screen's
 * router gains no import). The courses are static (they read offline); learners come from the
 * gateway's enrolments.
 */
export default function TrainingScreen() {
  const { courseId } = useParams();
  return (
    <AgentGate>{courseId ? <CoursePage courseId={courseId} /> : <TrainingCourses />}</AgentGate>
  );
}

function TrainingCourses() {
  const { user } = useAuth();
  const progress = useTrainingProgress(user!.id);
  const learners = useCourseLearners();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={tm.title} />
      <Typography color="textSecondary" sx={{ mb: 2, mt: -1 }}>
        {tm.subtitle}
      </Typography>
      <Box
        component="ul"
        aria-label="课程列表"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {COURSES.map((course) => (
          <li key={course.id}>
            <CourseCard
              course={course}
              progress={progress[course.id]}
              learners={learners?.[course.id]}
            />
          </li>
        ))}
      </Box>
    </Container>
  );
}

/** One course on /training: its art, facts, the agent's progress and the way in. */
export function CourseCard({
  course,
  progress,
  learners,
}: {
  course: Course;
  progress: CourseProgress | undefined;
  learners: number | undefined;
}) {
  const soon = course.status === 'coming_soon';
  const done = completedCount(course, progress);
  const total = course.lessons.length;
  const completed = isCourseCompleted(course, progress);
  // Until the gateway answers (or offline) the count is unknown: nothing rather than a guess.
  const learnersText = learners === undefined ? '' : tm.learners(learners);
  return (
    <Card
      variant="outlined"
      data-testid="course-card"
      data-course={course.id}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ position: 'relative' }}>
        {/* Only the picture is dimmed: the chip's text keeps its contrast. */}
        <Box sx={{ opacity: soon ? 0.6 : 1 }}>
          <CourseThumbnail course={course} />
        </Box>
        {soon && (
          <Chip
            label={tm.comingSoon}
            size="small"
            sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper' }}
          />
        )}
        {completed && (
          <Chip
            icon={<CheckCircle />}
            label={tm.completed}
            color="success"
            size="small"
            sx={{ position: 'absolute', top: 8, right: 8 }}
          />
        )}
      </Box>
      <Stack spacing={1} sx={{ p: 2, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {course.title}
          </Typography>
          <Chip label={course.level} size="small" color="primary" variant="outlined" />
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ flexGrow: 1 }}>
          {course.description}
        </Typography>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}
        >
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Rating value={course.rating} precision={0.1} readOnly size="small" />
            <Typography variant="body2">{course.rating.toFixed(1)}</Typography>
          </Stack>
          <Meta icon={<AccessTimeOutlined fontSize="inherit" />}>
            {tm.minutes(courseMinutes(course))}
          </Meta>
          {learnersText && (
            <Meta icon={<PeopleOutlined fontSize="inherit" />}>
              <span data-testid="course-learners">{learnersText}</span>
            </Meta>
          )}
        </Stack>
        {!soon && (
          <Box>
            <LinearProgress
              variant="determinate"
              value={(done / total) * 100}
              color={completed ? 'success' : 'primary'}
              aria-label={`${course.title}学习进度`}
              sx={{ height: 6, borderRadius: 3 }}
            />
            <Typography variant="caption" color="textSecondary" data-testid="course-progress">
              {tm.progress(done, total)}
            </Typography>
          </Box>
        )}
        {soon ? (
          <Typography variant="body2" color="textSecondary">
            {tm.notStartable}
          </Typography>
        ) : (
          <Button
            component={RouterLink}
            to={`/training/${course.id}`}
            variant={completed ? 'outlined' : 'contained'}
          >
            {completed ? tm.review : done > 0 || progress?.lastLesson ? tm.resume : tm.start}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', color: 'text.secondary', fontSize: 14 }}
    >
      {icon}
      <Typography variant="body2" component="span">
        {children}
      </Typography>
    </Stack>
  );
}
