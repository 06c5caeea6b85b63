/**
 * The structured facts' limits, labels and messages (issue 18): what the publish form, the filter
 * panel, the detail page and the schemas need, apart from listing-facts.ts so the first screen
 * does not load them.
 */
import { formatFloor, type PropertyFactsValue } from './listing-facts';
import type { PropertyType } from './property-facts';

export const FLOOR_MIN = -5;
export const FLOOR_MAX = 200;
export const YEAR_BUILT_MIN = 1900;
export const YEAR_BUILT_MAX = 2100;
export const LIFT_LABELS = { yes: '有电梯', no: '无电梯' } as const;

/** The facts' labels on the form, the filters and the detail page. */
export const PROPERTY_FACT_LABELS = {
  floor: '所在楼层',
  total_floors: '总楼层',
  orientation: '朝向',
  decoration: '装修',
  year_built: '建成年份',
  lift: '电梯',
  usage: '用途',
  rental_mode: '出租方式',
  payment: '付款方式',
} as const;

export const PROPERTY_FACT_MESSAGES = {
  floor: `楼层需在${FLOOR_MIN}到${FLOOR_MAX}之间`,
  totalFloors: `总楼层需在1到${FLOOR_MAX}之间`,
  floorAboveTotal: '所在楼层不能高于总楼层',
  yearBuilt: `建成年份需在${YEAR_BUILT_MIN}到${YEAR_BUILT_MAX}之间`,
  choose: '请从选项中选择',
} as const;

/** The detail page's rows for the facts that are filled in (rent terms for rent listings only). */
export function factRows(
  f: PropertyFactsValue | undefined,
  type: PropertyType,
): { key: keyof typeof PROPERTY_FACT_LABELS; label: string; value: string }[] {
  if (!f) return [];
  const L = PROPERTY_FACT_LABELS;
  const rows: { key: keyof typeof PROPERTY_FACT_LABELS; label: string; value: string }[] = [];
  const add = (key: keyof typeof PROPERTY_FACT_LABELS, value: string | undefined) => {
    if (value) rows.push({ key, label: key === 'floor' ? '楼层' : L[key], value });
  };
  add('floor', formatFloor(f));
  add('orientation', f.orientation);
  add('decoration', f.decoration);
  add('year_built', f.year_built !== undefined ? `${f.year_built}年` : undefined);
  add('lift', f.lift === undefined ? undefined : f.lift ? '有' : '无');
  add('usage', f.usage);
  if (type === 'rent') {
    add('rental_mode', f.rental_mode);
    add('payment', f.payment);
  }
  return rows;
}
