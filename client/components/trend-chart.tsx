import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One figure the chart draws, with its colour (a legend names them when there are several). */
export interface TrendSeries {
  name: string;
  color: string;
}

export interface TrendPoint {
  /** Position along the time axis (a timestamp, or an index for evenly spaced months or days). */
  at: number;
  /** One value per series. */
  values: readonly number[];
  /** The point's name: in its row, and in a bar's tooltip. */
  label: string;
  /** Under the axis at the first and last point, when shorter than `label`. */
  axisLabel?: string;
  /** The row's figure (the value, formatted): the line charts list their points. */
  figure?: string;
  /** Shown after the label in the row, smaller. */
  note?: ReactNode;
}

/**
 * How each mark is drawn, in the SVG's own units: a line in a small box that a wide screen shows
 * at most 480 px wide, bars across the whole card. Bars' labels are larger in those units on a
 * phone, where the wide box is shrunk most, so they stay readable.
 */
const LOOKS = {
  line: {
    width: 320,
    height: 120,
    pad: { left: 10, right: 10, top: 16, bottom: 22 },
    axisGap: 4,
    fontSize: { xs: 11 },
    maxWidth: 480,
    axis: '#e5e6eb',
    text: '#86909c',
  },
  bars: {
    width: 600,
    height: 200,
    pad: { left: 0, right: 0, top: 0, bottom: 20 },
    axisGap: 0,
    fontSize: { xs: 22, sm: 12 },
    maxWidth: 'none',
    // Keys of the theme's palette.
    axis: 'divider',
    text: 'text.secondary',
  },
} as const;

/**
 * Figures over time in plain SVG (no chart library on the page), the first and last labels under
 * the axis. `line` draws each value with a dot per point, `step` holds each value until the next
 * point (a price stands until it changes), `bars` draws the series side by side per point with a
 * tooltip on each bar. With `rowTestId` the points are listed below, newest first; with several
 * series a legend names them.
 */
export function TrendChart({
  points,
  series,
  title,
  mark,
  testId,
  rowTestId,
}: {
  /** Oldest first; at least one. */
  points: readonly TrendPoint[];
  series: readonly TrendSeries[];
  /** What the figures are (the image's accessible name starts with it). */
  title: string;
  mark: 'line' | 'step' | 'bars';
  testId: string;
  rowTestId?: string;
}) {
  const look = mark === 'bars' ? LOOKS.bars : LOOKS.line;
  const { width, height, pad } = look;
  const plotBottom = height - pad.bottom;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const figures = points.filter((p) => p.figure !== undefined);
  const name = figures.length
    ? `${title}：${figures.map((p) => `${p.label} ${p.figure}`).join('，')}`
    : title;

  return (
    <Stack spacing={1.5} data-testid={testId}>
      <Box>
        <Box
          component="svg"
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={name}
          sx={{
            width: '100%',
            maxWidth: look.maxWidth,
            height: 'auto',
            display: 'block',
            color: look.text,
            '& text': { fontSize: look.fontSize, fill: 'currentColor' },
          }}
        >
          {mark === 'bars' ? (
            <Bars points={points} series={series} />
          ) : (
            <Line points={points} color={series[0]!.color} step={mark === 'step'} />
          )}
          <Box
            component="line"
            x1={pad.left}
            x2={width - pad.right}
            y1={plotBottom + look.axisGap}
            y2={plotBottom + look.axisGap}
            stroke="currentColor"
            sx={{ color: look.axis }}
          />
          <text x={pad.left} y={height - 4}>
            {first.axisLabel ?? first.label}
          </text>
          {points.length > 1 && (
            <text x={width - pad.right} y={height - 4} textAnchor="end">
              {last.axisLabel ?? last.label}
            </text>
          )}
        </Box>
        {series.length > 1 && <Legend series={series} />}
      </Box>
      {rowTestId && <Rows points={points} rowTestId={rowTestId} />}
    </Stack>
  );
}

function Line({
  points,
  color,
  step,
}: {
  points: readonly TrendPoint[];
  color: string;
  step: boolean;
}) {
  const { width, height, pad } = LOOKS.line;
  const ats = points.map((p) => p.at);
  const values = points.map((p) => p.values[0]!);
  const t0 = Math.min(...ats);
  const t1 = Math.max(...ats);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const x = (t: number) =>
    pad.left + (t1 === t0 ? 0.5 : (t - t0) / (t1 - t0)) * (width - pad.left - pad.right);
  const y = (v: number) =>
    pad.top + (high === low ? 0.5 : (high - v) / (high - low)) * (height - pad.top - pad.bottom);
  const dots = points.map((p) => ({ x: x(p.at), y: y(p.values[0]!) }));
  const path = dots
    .map((p, i) => (i === 0 ? `M${p.x},${p.y}` : step ? `H${p.x}V${p.y}` : `L${p.x},${p.y}`))
    .join('');
  return (
    <>
      <path d={path} fill="none" stroke={color} strokeWidth={2} />
      {dots.map((p, i) => (
        <circle key={i} cx={p.x} cy={p.y} r={3.5} fill="#fff" stroke={color} strokeWidth={2} />
      ))}
    </>
  );
}

function Bars({
  points,
  series,
}: {
  points: readonly TrendPoint[];
  series: readonly TrendSeries[];
}) {
  const { width, height, pad } = LOOKS.bars;
  const plot = height - pad.top - pad.bottom;
  const max = Math.max(1, ...points.flatMap((p) => p.values));
  const slot = width / points.length;
  const bar = Math.max(1, (slot - 4) / series.length);
  return points.map((p, i) =>
    series.map((s, j) => {
      const value = p.values[j] ?? 0;
      const h = (value / max) * plot;
      return (
        <rect
          key={`${p.at}-${s.name}`}
          x={i * slot + 2 + j * bar}
          y={pad.top + plot - h}
          width={bar}
          height={h}
          fill={s.color}
        >
          <title>{`${p.label} ${s.name} ${value}`}</title>
        </rect>
      );
    }),
  );
}

function Legend({ series }: { series: readonly TrendSeries[] }) {
  return (
    <Stack useFlexGap direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }}>
      {series.map((s) => (
        <Stack key={s.name} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 10, height: 10, bgcolor: s.color, borderRadius: 0.5 }} />
          <Typography sx={{ fontSize: 13 }}>{s.name}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** The points, newest first: label (and note) on the left, the figure on the right. */
function Rows({ points, rowTestId }: { points: readonly TrendPoint[]; rowTestId: string }) {
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {points
        .map((p, i) => (
          <Stack
            key={`${p.at}-${i}`}
            component="li"
            direction="row"
            data-testid={rowTestId}
            sx={{ justifyContent: 'space-between', fontSize: 14, py: 0.5, gap: 1 }}
          >
            <Typography component="span" color="textSecondary" sx={{ fontSize: 14 }}>
              {p.label}
              {p.note && (
                <Box component="span" sx={{ ml: 1, fontSize: 12, color: 'text.secondary' }}>
                  {p.note}
                </Box>
              )}
            </Typography>
            <Typography component="span" sx={{ fontSize: 14, fontWeight: 600 }}>
              {p.figure}
            </Typography>
          </Stack>
        ))
        .reverse()}
    </Box>
  );
}
