/** Profiles: the phone is the login and never changes; the gateway stamps the times. */
import { userWriteSchema } from '@couchdb/model/user';
import { ACCESS_MESSAGES } from '@couchdb/rules/access';
import { refused, type WritePolicy } from './policy';

export const usersPolicy: WritePolicy = {
  schema: userWriteSchema.strict(),
  prepare: ({ current, content, now }) => {
    if (current && content.phone !== current.phone)
      return refused('forbidden', ACCESS_MESSAGES.phoneReadonly);
    return {
      ok: true,
      next: { ...content, created_at: current?.created_at ?? now, updated_at: now },
    };
  },
};
