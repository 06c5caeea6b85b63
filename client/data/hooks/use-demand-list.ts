/**
 * The demands of /admin/demands as the device holds them, each with its publisher's card: every
 * demand for an admin (an admin's device replicates them all, and every account), one's own for
 * anyone else (the gateway sends a user only their own demands and account).
 */
import { combineLatest, map, of } from 'rxjs';
import type { UserRole } from '@couchdb/model/roles';
import { demandPublisher } from '@couchdb/rules/demand-list';
import { useOpenDevice } from '../open-device';
import type { DemandDoc } from '../schemas/demand.schema';
import type { UserDoc } from '../schemas/user.schema';
import { useLiveQuery, type LiveResult } from './use-live-query';

export type ListedDemand = DemandDoc & { publisher: { name: string; role: string } };

/** The demands `viewer` manages on /admin/demands (all for an admin, else their own), unsorted. */
export function useDemandList(
  viewer: { id: string; role: UserRole } | null,
): LiveResult<ListedDemand[]> {
  const device = useOpenDevice();
  const own =
    viewer !== null && device?.identity.kind === 'user' && device.identity.userId === viewer.id;
  const scope = !own || !viewer ? '' : viewer.role === 'admin' ? 'all' : viewer.id;
  return useLiveQuery(`demand-list:${scope}`, (db) => {
    if (!scope || !viewer) return of([]);
    const demands$ = db.demands.find(scope === 'all' ? {} : { selector: { user_id: viewer.id } }).$;
    const users$ = db.users.find(scope === 'all' ? {} : { selector: { id: viewer.id } }).$;
    return combineLatest([demands$, users$]).pipe(
      map(([demands, users]) => {
        const accounts = new Map(users.map((u) => [u.id, u.toJSON() as UserDoc]));
        return demands.map((d) => {
          const demand = d.toJSON() as DemandDoc;
          return {
            ...demand,
            publisher: demandPublisher(accounts.get(demand.user_id), demand.user),
          };
        });
      }),
    );
  });
}
