/**
 * The home screen's own texts (product §2 "Home"): a module of their own, as home is the first screen
 * and the listing texts (property-facts.ts) bring the publish form's rules with them.
 */
export const HOME_MESSAGES = {
  featuredEmpty: '暂无推荐房源',
} as const;
