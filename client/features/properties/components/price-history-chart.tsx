import { memo } from 'react';
import type { PropertyType } from '@couchdb/model/property-facts';
import type { PricePoint } from '@couchdb/model/listing-facts';
import { formatDate, formatPrice } from '@couchdb/rules/format';
import { TrendChart } from '@client/components/trend-chart';

/** A listing's accepted prices over time (issue 18): each price holds until the next change. */
export const PriceHistoryChart = memo(function PriceHistoryChart({
  history,
  type,
}: {
  history: readonly PricePoint[];
  type: PropertyType;
}) {
  return (
    <TrendChart
      title="价格走势"
      series={[{ name: '价格', color: '#f53f3f' }]}
      mark="step"
      testId="price-history"
      rowTestId="price-history-point"
      points={history.map((p) => ({
        at: Date.parse(p.at),
        values: [p.price],
        label: formatDate(p.at),
        figure: formatPrice(type, p.price),
      }))}
    />
  );
});
