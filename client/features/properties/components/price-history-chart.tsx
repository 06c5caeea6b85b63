import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PropertyType } from '@couchdb/model/property-facts';
import type { PricePoint } from '@couchdb/model/listing-facts';
import { formatDate, formatPrice } from '@couchdb/rules/format';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 8, right: 8, top: 16, bottom: 22 };

/**
 * A listing's accepted prices over time (issue 18): a step line in plain SVG with its first and
 * last dates, and the changes listed below it, newest first.
 */
export function PriceHistoryChart({
  history,
  type,
}: {
  history: readonly PricePoint[];
  type: PropertyType;
}) {
  const times = history.map((p) => Date.parse(p.at));
  const prices = history.map((p) => p.price);
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const x = (t: number) =>
    PAD.left + (t1 === t0 ? 0.5 : (t - t0) / (t1 - t0)) * (WIDTH - PAD.left - PAD.right);
  const y = (price: number) =>
    PAD.top +
    (high === low ? 0.5 : (high - price) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const points = history.map((p, i) => ({ x: x(times[i]!), y: y(p.price) }));
  // A price holds until the next change: horizontal then vertical.
  const path = points.map((p, i) => (i === 0 ? `M${p.x},${p.y}` : `H${p.x}V${p.y}`)).join('');
  const first = history[0]!;
  const last = history[history.length - 1]!;

  return (
    <Stack spacing={1.5} data-testid="price-history">
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`价格走势：${history.map((p) => `${formatDate(p.at)} ${formatPrice(type, p.price)}`).join('，')}`}
        sx={{ width: '100%', maxWidth: 480, height: 'auto', display: 'block' }}
      >
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom + 4}
          y2={HEIGHT - PAD.bottom + 4}
          stroke="#e5e6eb"
        />
        <path d={path} fill="none" stroke="#f53f3f" strokeWidth={2} />
        {points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={3.5} fill="#fff" stroke="#f53f3f" strokeWidth={2} />
        ))}
        <text x={PAD.left} y={HEIGHT - 4} fontSize={11} fill="#86909c">
          {formatDate(first.at)}
        </text>
        {history.length > 1 && (
          <text x={WIDTH - PAD.right} y={HEIGHT - 4} fontSize={11} fill="#86909c" textAnchor="end">
            {formatDate(last.at)}
          </text>
        )}
      </Box>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {[...history].reverse().map((p, i) => (
          <Stack
            key={`${p.at}-${i}`}
            component="li"
            direction="row"
            data-testid="price-history-point"
            sx={{ justifyContent: 'space-between', fontSize: 14, py: 0.5 }}
          >
            <Typography component="span" color="text.secondary" sx={{ fontSize: 14 }}>
              {formatDate(p.at)}
            </Typography>
            <Typography component="span" sx={{ fontSize: 14, fontWeight: 600 }}>
              {formatPrice(type, p.price)}
            </Typography>
          </Stack>
        ))}
      </Box>
    </Stack>
  );
}
