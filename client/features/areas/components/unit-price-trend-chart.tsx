import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatAverageUnitPrice, type UnitPricePoint } from '@couchdb/rules/area-stats';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 10, right: 10, top: 16, bottom: 22 };

/**
 * A 小区's average 单价 by month (issue 18): a line in plain SVG with its first and last months,
 * and the months listed below it, newest first.
 */
export function UnitPriceTrendChart({ trend }: { trend: readonly UnitPricePoint[] }) {
  const values = trend.map((p) => p.averageUnitPrice);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const x = (i: number) =>
    PAD.left + (trend.length === 1 ? 0.5 : i / (trend.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) =>
    PAD.top + (high === low ? 0.5 : (high - v) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const points = trend.map((p, i) => ({ x: x(i), y: y(p.averageUnitPrice) }));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join('');
  const first = trend[0]!;
  const last = trend[trend.length - 1]!;

  return (
    <Stack spacing={1.5} data-testid="unit-price-trend">
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`均价走势：${trend.map((p) => `${p.month} ${formatAverageUnitPrice(p.averageUnitPrice)}`).join('，')}`}
        sx={{ width: '100%', maxWidth: 480, height: 'auto', display: 'block' }}
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom + 4}
          y2={HEIGHT - PAD.bottom + 4}
          stroke="#e5e6eb"
        />
        <path d={path} fill="none" stroke="#00ae66" strokeWidth={2} />
        {points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={3.5} fill="#fff" stroke="#00ae66" strokeWidth={2} />
        ))}
        <text x={PAD.left} y={HEIGHT - 4} fontSize={11} fill="#86909c">
          {first.month}
        </text>
        {trend.length > 1 && (
          <text x={WIDTH - PAD.right} y={HEIGHT - 4} fontSize={11} fill="#86909c" textAnchor="end">
            {last.month}
          </text>
        )}
      </Box>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {[...trend].reverse().map((p) => (
          <Stack
            key={p.month}
            component="li"
            direction="row"
            data-testid="unit-price-trend-month"
            sx={{ justifyContent: 'space-between', fontSize: 14, py: 0.5, gap: 1 }}
          >
            <Typography component="span" color="text.secondary" sx={{ fontSize: 14 }}>
              {p.month}
              <Box component="span" sx={{ ml: 1, fontSize: 12, color: 'text.disabled' }}>
                {p.count}套在售
              </Box>
            </Typography>
            <Typography component="span" sx={{ fontSize: 14, fontWeight: 600 }}>
              {formatAverageUnitPrice(p.averageUnitPrice)}
            </Typography>
          </Stack>
        ))}
      </Box>
    </Stack>
  );
}
