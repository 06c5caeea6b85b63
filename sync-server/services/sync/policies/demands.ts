/** Demands: the owner and their name and role as shown on the demand are the gateway's. */
import { demandWriteSchema } from '@couchdb/model/demand';
import type { WritePolicy } from './policy';

export const demandsPolicy: WritePolicy = {
  schema: demandWriteSchema,
  prepare: ({ viewer, operator, current, content, now }) => ({
    ok: true,
    next: {
      ...content,
      user_id: current?.user_id ?? viewer.id,
      user: current?.user ?? { name: operator.name, user_type: viewer.role },
      created_at: current?.created_at ?? now,
      updated_at: now,
    },
  }),
};
