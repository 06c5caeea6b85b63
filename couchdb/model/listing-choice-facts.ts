/**
 * The 朝向 and 付款方式 choices of a listing's structured facts (issue 18): a module of their own, so
 * that listing-facts.ts takes their types without loading the lists onto the first screen, and the
 * publish form, the schemas and the seed take the lists.
 */

export const ORIENTATIONS = [
  '南',
  '南北',
  '东南',
  '西南',
  '东',
  '西',
  '北',
  '东北',
  '西北',
  '东西',
] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** Rent listings only. */
export const PAYMENT_TERMS = [
  '押一付一',
  '押一付三',
  '押二付一',
  '押一付六',
  '年付',
  '面议',
] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];
