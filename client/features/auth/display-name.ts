import type { User } from '@couchdb/model/user';

/** What to call a user in the chrome: their name, else 用户 plus the phone's last four digits. */
export function displayName(user: User): string {
  return user.name || `用户${user.phone.slice(-4)}`;
}
