import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 10, right: 10, top: 16, bottom: 22 };

export interface TrendPoint {
  /** Position along the time axis (a timestamp, or an index for evenly spaced months). */
  at: number;
  value: number;
  /** Under the chart at the first and last point, and in the point's row. */
  label: string;
  /** The row's figure (the value, formatted). */
  figure: string;
  /** Shown after the label in the row, smaller. */
  note?: ReactNode;
}

/**
 * A figure over time in plain SVG (no chart library on the page): the line with a dot per point,
 * the first and last labels under it, and the points listed below it, newest first. `step` holds
 * each value until the next point (a price stands until it changes).
 */
export function TrendChart({
  points,
  title,
  color,
  step = false,
  testId,
  rowTestId,
}: {
  /** Oldest first; at least one. */
  points: readonly TrendPoint[];
  /** What the figure is (the image's accessible name starts with it). */
  title: string;
  color: string;
  step?: boolean;
  testId: string;
  rowTestId: string;
}) {
  const ats = points.map((p) => p.at);
  const values = points.map((p) => p.value);
  const t0 = Math.min(...ats);
  const t1 = Math.max(...ats);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const x = (t: number) =>
    PAD.left + (t1 === t0 ? 0.5 : (t - t0) / (t1 - t0)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) =>
    PAD.top + (high === low ? 0.5 : (high - v) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const dots = points.map((p) => ({ x: x(p.at), y: y(p.value) }));
  const path = dots
    .map((p, i) => (i === 0 ? `M${p.x},${p.y}` : step ? `H${p.x}V${p.y}` : `L${p.x},${p.y}`))
    .join('');
  const first = points[0]!;
  const last = points[points.length - 1]!;

  return (
    <Stack spacing={1.5} data-testid={testId}>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}：${points.map((p) => `${p.label} ${p.figure}`).join('，')}`}
        sx={{ width: '100%', maxWidth: 480, height: 'auto', display: 'block' }}
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom + 4}
          y2={HEIGHT - PAD.bottom + 4}
          stroke="#e5e6eb"
        />
        <path d={path} fill="none" stroke={color} strokeWidth={2} />
        {dots.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={3.5} fill="#fff" stroke={color} strokeWidth={2} />
        ))}
        <text x={PAD.left} y={HEIGHT - 4} fontSize={11} fill="#86909c">
          {first.label}
        </text>
        {points.length > 1 && (
          <text x={WIDTH - PAD.right} y={HEIGHT - 4} fontSize={11} fill="#86909c" textAnchor="end">
            {last.label}
          </text>
        )}
      </Box>
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
                  <Box component="span" sx={{ ml: 1, fontSize: 12, color: 'text.disabled' }}>
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
    </Stack>
  );
}
