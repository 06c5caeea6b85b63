/**
 * The per-user cap of the collections users create in (listings, demands, favourites, saved
 * searches, inbox entries), one check for their five policies: a new document past the owner's
 * `cap` (counted under concurrency, sync/owned-cap.ts) is refused as too_many with the
 * collection's message; an edit is never counted.
 */
import { refused, type Prepared, type WriteContext } from './policy';

/** The too_many refusal when this write creates a document past `cap`, else null. */
export async function capRefusal(
  { current, admitNew }: Pick<WriteContext, 'current' | 'admitNew'>,
  cap: number,
  message: string,
): Promise<Prepared | null> {
  if (current || (await admitNew(cap))) return null;
  return refused('too_many', message);
}
