import { formatAverageUnitPrice, type UnitPricePoint } from '@couchdb/rules/area-stats';
import { TrendChart } from '@client/components/trend-chart';

/**
 * A 小区's average 单价 by month (issue 18), months evenly spaced, with the number of sale listings
 * each month's average is made of.
 */
export function UnitPriceTrendChart({ trend }: { trend: readonly UnitPricePoint[] }) {
  return (
    <TrendChart
      title="均价走势"
      series={[{ name: '均价', color: '#00ae66' }]}
      mark="line"
      testId="unit-price-trend"
      rowTestId="unit-price-trend-month"
      points={trend.map((p, i) => ({
        at: i,
        values: [p.averageUnitPrice],
        label: p.month,
        figure: formatAverageUnitPrice(p.averageUnitPrice),
        note: `${p.count}套在售`,
      }))}
    />
  );
}
