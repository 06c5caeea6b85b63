import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Course, LessonFigure } from '@couchdb/model/training-facts';

/** A motif a course's thumbnail draws in white on its colours (a house for a course without one). */
const MOTIFS: Record<string, ReactNode> = {
  'listing-standards': (
    <>
      <path d="M60 20 L100 50 L100 90 L20 90 L20 50 Z" />
      <rect x="50" y="62" width="20" height="28" />
      <path d="M112 30 h40 M112 44 h32 M112 58 h36" />
    </>
  ),
  'showing-skills': (
    <>
      <circle cx="50" cy="38" r="13" />
      <path d="M26 90 q24 -40 48 0" />
      <circle cx="110" cy="42" r="11" />
      <path d="M90 90 q20 -34 40 0" />
      <path d="M128 20 h30 v16 h-20 l-8 8 v-8 h-2 Z" />
    </>
  ),
  'resale-process': (
    <>
      <rect x="28" y="18" width="56" height="72" rx="4" />
      <path d="M40 36 h32 M40 50 h32 M40 64 h20" />
      <path d="M96 54 h36 l-10 -10 M132 54 l-10 10" />
      <circle cx="148" cy="54" r="10" />
    </>
  ),
  'mortgage-policy': (
    <>
      <circle cx="56" cy="54" r="30" />
      <path d="M44 42 l24 24 M46 64 a3 3 0 1 0 0.1 0 M66 44 a3 3 0 1 0 0.1 0" />
      <path d="M104 86 v-20 M122 86 v-34 M140 86 v-50" />
    </>
  ),
  'rural-land-risk': (
    <>
      <path d="M20 90 h140" />
      <path d="M40 90 v-30 l22 -18 l22 18 v30" />
      <path d="M120 40 l20 36 h-40 Z" />
      <path d="M120 52 v12 M120 70 v2" />
    </>
  ),
  'new-media-qr': (
    <>
      <rect x="24" y="22" width="64" height="64" rx="4" />
      <rect x="32" y="30" width="18" height="18" />
      <rect x="62" y="30" width="18" height="18" />
      <rect x="32" y="60" width="18" height="18" />
      <path d="M62 62 h8 v8 h10 M70 78 h10" />
      <path d="M108 54 q20 -24 44 -28 M108 54 q20 24 44 28 M108 54 h44" />
    </>
  ),
};

/**
 * A course's drawn thumbnail (no external images: it works offline). The colours fill the box; the
 * motif keeps its proportions, so a phone's card gets a low banner instead of a tall picture.
 */
export function CourseThumbnail({ course }: { course: Course }) {
  return (
    <Box
      sx={{
        background: `linear-gradient(135deg, ${course.colors[0]}, ${course.colors[1]})`,
        display: 'flex',
        justifyContent: 'center',
      }}
    >
      <Box
        component="svg"
        viewBox="0 0 180 108"
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={`${course.title}封面`}
        sx={{ display: 'block', width: '100%', height: { xs: 112, sm: 'auto' } }}
      >
        <g
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity="0.92"
        >
          {MOTIFS[course.id] ?? MOTIFS['listing-standards']}
        </g>
      </Box>
    </Box>
  );
}

/** A lesson's figure: steps as a row of numbered boxes, or labelled bars. */
export function LessonFigureView({ figure }: { figure: LessonFigure }) {
  return (
    <Box component="figure" sx={{ m: 0, my: 2 }}>
      {figure.kind === 'steps' ? (
        <>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <StepsSvg steps={figure.steps} />
          </Box>
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <StepsColumnSvg steps={figure.steps} />
          </Box>
        </>
      ) : (
        <BarsSvg figure={figure} />
      )}
      <Typography
        component="figcaption"
        variant="caption"
        color="textSecondary"
        sx={{ display: 'block', textAlign: 'center', mt: 0.5 }}
      >
        {figure.caption}
      </Typography>
    </Box>
  );
}

function StepsSvg({ steps }: { steps: string[] }) {
  const box = 96;
  const gap = 24;
  const width = steps.length * box + (steps.length - 1) * gap;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${width} 64`}
      role="img"
      aria-label={steps.join('→')}
      sx={{ display: 'block', width: '100%', maxWidth: width, mx: 'auto', height: 'auto' }}
    >
      {steps.map((step, i) => {
        const x = i * (box + gap);
        return (
          <g key={step}>
            <rect x={x} y="8" width={box} height="48" rx="8" fill="#e3f2fd" stroke="#1e88e5" />
            <text x={x + 12} y="26" fontSize="12" fill="#1e88e5" fontWeight="bold">
              {i + 1}
            </text>
            <text x={x + box / 2} y="42" fontSize="14" textAnchor="middle" fill="#263238">
              {step}
            </text>
            {i < steps.length - 1 && (
              <path
                d={`M${x + box + 4} 32 h${gap - 8} m-6 -5 l6 5 l-6 5`}
                stroke="#90a4ae"
                strokeWidth="2"
                fill="none"
              />
            )}
          </g>
        );
      })}
    </Box>
  );
}

/** The steps one under another, for a phone's width. */
function StepsColumnSvg({ steps }: { steps: string[] }) {
  const row = 44;
  const gap = 16;
  const height = steps.length * row + (steps.length - 1) * gap;
  return (
    <Box
      component="svg"
      viewBox={`0 0 220 ${height}`}
      role="img"
      aria-label={steps.join('→')}
      sx={{ display: 'block', width: '100%', maxWidth: 240, mx: 'auto', height: 'auto' }}
    >
      {steps.map((step, i) => {
        const y = i * (row + gap);
        return (
          <g key={step}>
            <rect x="1" y={y} width="218" height={row} rx="8" fill="#e3f2fd" stroke="#1e88e5" />
            <text x="16" y={y + 27} fontSize="13" fill="#1e88e5" fontWeight="bold">
              {i + 1}
            </text>
            <text x="110" y={y + 28} fontSize="15" textAnchor="middle" fill="#263238">
              {step}
            </text>
            {i < steps.length - 1 && (
              <path
                d={`M110 ${y + row + 3} v${gap - 6} m-5 -5 l5 5 l5 -5`}
                stroke="#90a4ae"
                strokeWidth="2"
                fill="none"
              />
            )}
          </g>
        );
      })}
    </Box>
  );
}

function BarsSvg({ figure }: { figure: Extract<LessonFigure, { kind: 'bars' }> }) {
  const max = Math.max(...figure.bars.map((b) => b.value), 1);
  const row = 34;
  const height = figure.bars.length * row + 8;
  return (
    <Box
      component="svg"
      viewBox={`0 0 400 ${height}`}
      role="img"
      aria-label={figure.bars.map((b) => `${b.label} ${b.value}${figure.unit}`).join('，')}
      sx={{ display: 'block', width: '100%', maxWidth: 480, mx: 'auto', height: 'auto' }}
    >
      {figure.bars.map((bar, i) => {
        const y = 4 + i * row;
        const w = Math.max(2, (bar.value / max) * 220);
        return (
          <g key={bar.label}>
            <text x="88" y={y + 19} fontSize="13" textAnchor="end" fill="#455a64">
              {bar.label}
            </text>
            <rect x="96" y={y + 4} width={w} height="22" rx="4" fill="#42a5f5" />
            <text x={100 + w} y={y + 19} fontSize="13" fill="#263238" dx="4">
              {bar.value}
              {figure.unit}
            </text>
          </g>
        );
      })}
    </Box>
  );
}
