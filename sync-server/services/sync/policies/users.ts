/**
 * Profiles: the phone is the login and never changes; a changed name follows the profile form's
 * rule (nameSchema: trimmed, 2 to NAME_MAX characters; a name left as registered may stay empty);
 * the gateway stamps the times.
 */
import { nameSchema, userWriteSchema } from '@couchdb/model/user';
import { ACCESS_MESSAGES } from '@couchdb/rules/access';
import { refused, type WritePolicy } from './policy';

export const usersPolicy: WritePolicy = {
  schema: userWriteSchema.strict(),
  prepare: ({ current, content, now }) => {
    if (current && content.phone !== current.phone)
      return refused('forbidden', ACCESS_MESSAGES.phoneReadonly);
    if (content.name !== current?.name) {
      const name = nameSchema.safeParse(content.name);
      if (!name.success) return refused('validation_failed', name.error.issues[0]!.message);
      content = { ...content, name: name.data };
    }
    return {
      ok: true,
      next: { ...content, created_at: current?.created_at ?? now, updated_at: now },
    };
  },
};
