/** Equality of replicated document states, as the conflict handler and the push handler use it. */
import { jsonEqual } from '@couchdb/rules/json-equal';

type State = Readonly<Record<string, unknown>> & { _deleted?: boolean };

/**
 * Two states are equal when both are deleted, or when neither is and every field is equal
 * (undefined counts as absent; key order ignored).
 */
export function sameDocState(a: State, b: State): boolean {
  const aDeleted = a._deleted === true;
  const bDeleted = b._deleted === true;
  if (aDeleted || bDeleted) return aDeleted === bDeleted;
  const { _deleted: _a, ...restA } = a;
  const { _deleted: _b, ...restB } = b;
  return jsonEqual(restA, restB);
}
