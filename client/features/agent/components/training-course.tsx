import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { findCourse } from '@couchdb/model/training-content';
import { courseMinutes, TRAINING_MESSAGES as tm, type Course } from '@couchdb/model/training-facts';
import { completedCount, isCourseCompleted, resumeLesson } from '@couchdb/rules/training';
import { AccessDenied } from '@client/components/access-denied';
import { completeLesson, openLesson } from '@client/data/writes/training-progress';
import { useAuth } from '@client/lib/session/auth-context';
import { CourseThumbnail, LessonFigureView } from './training-art';
import { useTrainingProgress } from './use-training-progress';

/**
 * One course of 经纪人培训 (/training/:courseId): its lessons and a reader with 上一课/下一课 and
 * 完成本课. Opening a lesson moves the agent's position; both go to the device's progress and its
 * outbox, so this works offline. A coming_soon course cannot be started.
 */
export function CoursePage({ courseId }: { courseId: string }) {
  const course = findCourse(courseId);
  if (!course) {
    return (
      <AccessDenied
        title={tm.notFound}
        message={tm.notFoundHint}
        actionTo="/training"
        actionLabel={tm.backToList}
      />
    );
  }
  if (course.status !== 'available') return <ComingSoon course={course} />;
  return <CourseReader course={course} />;
}

function BackLink() {
  return (
    <Button component={RouterLink} to="/training" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
      {tm.backToList}
    </Button>
  );
}

function ComingSoon({ course }: { course: Course }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 3 } }}>
      <BackLink />
      <Card variant="outlined">
        <CourseThumbnail course={course} />
        <Box sx={{ p: 2 }}>
          <Typography component="h1" variant="h6">
            {course.title}
          </Typography>
          <Chip label={tm.comingSoon} size="small" sx={{ my: 1 }} />
          <Typography color="textSecondary">{course.description}</Typography>
          <Alert severity="info" sx={{ mt: 2 }}>
            {tm.notStartable}
          </Alert>
        </Box>
      </Card>
    </Container>
  );
}

function CourseReader({ course }: { course: Course }) {
  const { user } = useAuth();
  const userId = user!.id;
  const progress = useTrainingProgress(userId)[course.id];
  const [params, setParams] = useSearchParams();
  const asked = params.get('lesson');
  const lessonId =
    asked && course.lessons.some((l) => l.id === asked) ? asked : resumeLesson(course, progress);
  const index = course.lessons.findIndex((l) => l.id === lessonId);
  const lesson = course.lessons[index]!;
  const done = progress?.completedLessons.includes(lesson.id) ?? false;
  const completed = isCourseCompleted(course, progress);

  useEffect(() => openLesson(userId, course.id, lessonId), [userId, course.id, lessonId]);

  const go = (i: number) => {
    setParams({ lesson: course.lessons[i]!.id });
    window.scrollTo({ top: 0 });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 } }}>
      <BackLink />
      <Stack
        useFlexGap
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}
      >
        <Typography component="h1" variant="h5" sx={{ fontSize: { xs: 20, md: 24 } }}>
          {course.title}
        </Typography>
        <Chip label={course.level} size="small" color="primary" variant="outlined" />
        <Typography variant="body2" color="textSecondary" data-testid="course-progress">
          {tm.progress(completedCount(course, progress), course.lessons.length)} ·{' '}
          {tm.minutes(courseMinutes(course))}
        </Typography>
      </Stack>
      {completed && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {tm.courseDone}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '280px 1fr' },
          alignItems: 'start',
        }}
      >
        <Card variant="outlined" sx={{ order: { xs: 2, md: 1 } }}>
          <Typography component="h2" variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
            {tm.lessons}
          </Typography>
          <List dense aria-label={tm.lessons}>
            {course.lessons.map((l, i) => {
              const isDone = progress?.completedLessons.includes(l.id) ?? false;
              return (
                <ListItem key={l.id} disablePadding>
                  <ListItemButton
                    selected={i === index}
                    aria-current={i === index ? 'step' : undefined}
                    onClick={() => go(i)}
                    data-testid="lesson-item"
                    data-done={isDone}
                  >
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {isDone ? (
                        <CheckCircle color="success" fontSize="small" aria-label={tm.completed} />
                      ) : (
                        <RadioButtonUnchecked fontSize="small" color="disabled" />
                      )}
                    </ListItemIcon>
                    <ListItemText
                      primary={`${i + 1}. ${l.title}`}
                      secondary={tm.minutes(l.minutes)}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Card>
        <Card
          variant="outlined"
          component="article"
          sx={{ order: { xs: 1, md: 2 }, p: { xs: 2, md: 3 } }}
        >
          <Typography variant="overline" color="textSecondary">
            第 {index + 1} 课 · {tm.minutes(lesson.minutes)}
          </Typography>
          <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
            {lesson.title}
          </Typography>
          {lesson.paragraphs.map((text, i) => (
            <Typography key={i} sx={{ mb: 1.5, lineHeight: 1.9 }}>
              {text}
            </Typography>
          ))}
          {lesson.figure && <LessonFigureView figure={lesson.figure} />}
          <Stack
            direction="row"
            sx={{ mt: 3, gap: 1, justifyContent: 'space-between', alignItems: 'center' }}
          >
            <Button
              startIcon={<ChevronLeft />}
              disabled={index === 0}
              onClick={() => go(index - 1)}
            >
              {tm.previous}
            </Button>
            <Button
              variant="contained"
              color={done ? 'success' : 'primary'}
              startIcon={done ? <CheckCircle /> : undefined}
              disabled={done}
              onClick={() => completeLesson(userId, course.id, lesson.id)}
            >
              {done ? tm.lessonDone : tm.completeLesson}
            </Button>
            <Button
              endIcon={<ChevronRight />}
              disabled={index === course.lessons.length - 1}
              onClick={() => go(index + 1)}
            >
              {tm.next}
            </Button>
          </Stack>
        </Card>
      </Box>
    </Container>
  );
}
