import type { User } from '@couchdb/model/user';
import { isAvatarUrl } from '@couchdb/model/user-facts';

/** What to call a user in the chrome: their name, else 用户 plus the phone's last four digits. */
export function displayName(user: User): string {
  return user.name || `用户${user.phone.slice(-4)}`;
}

/** The profile photo to show, or undefined (the initial shows instead) when none or not a safe link. */
export function avatarSrc(user: Pick<User, 'avatar_url'>): string | undefined {
  return user.avatar_url && isAvatarUrl(user.avatar_url) ? user.avatar_url : undefined;
}
