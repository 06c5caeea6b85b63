/**
 * How 小区 names are compared (issue 18): in a module of its own, so the list filter (on the first
 * screen) does not pull the area figures (couchdb/rules/area-stats.ts) into its chunk.
 */

/** The grouping key of a 小区 name: without spaces, lower case ('' for none). */
export function communityKey(name: string | undefined | null): string {
  return (name ?? '').replace(/\s+/g, '').toLowerCase();
}
