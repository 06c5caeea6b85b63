/**
 * Demands: the owner and their name and role as shown on the demand are the gateway's. Who may
 * write at all is the access rules' (the owner or an admin; anyone else 只能修改自己发布的内容), and
 * the status is any of product §4's three (the write schema), so the owner or an admin moves it freely.
 */
import { demandWriteSchema } from '@couchdb/model/demand';
import { DEMAND_MAX, DEMAND_MESSAGES } from '@couchdb/model/demand-facts';
import { capRefusal } from './cap-refusal';
import type { WritePolicy } from './policy';

export const demandsPolicy: WritePolicy = {
  schema: demandWriteSchema,
  async prepare({ viewer, operator, current, content, now, admitNew }) {
    // At most DEMAND_MAX a user (counted under concurrency, sync/owned-cap.ts).
    const overCap = await capRefusal({ current, admitNew }, DEMAND_MAX, DEMAND_MESSAGES.tooMany);
    if (overCap) return overCap;
    return {
      ok: true,
      next: {
        ...content,
        user_id: current?.user_id ?? viewer.id,
        user: current?.user ?? { name: operator.name, user_type: viewer.role },
        created_at: current?.created_at ?? now,
        updated_at: now,
      },
    };
  },
};
