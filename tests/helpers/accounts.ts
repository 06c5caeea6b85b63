/**
 * The accounts tests sign in as, made one way. In process (integration tests): straight in the
 * gateway's store and signed in as a sign-in signs in, with no register route and no rate limit
 * in between (`createAccount`; TestGateway's `createUser`).
 * Through the API, for tests of the routes and for a gateway process (`registerAccount`).
 */
import { newId } from '../../couchdb/model/common-facts';
import type { UserRole } from '../../couchdb/model/roles';
import type { User } from '../../couchdb/model/user';
import type { Gateway } from '../../sync-server/app';
import { freshPhone } from './phones';
import { register, type GatewayTarget } from './sync-api';

/** A signed-in account: its user document, its access token and the password it signs in with. */
export interface Account {
  user: User;
  accessToken: string;
  password: string;
}

/** The password of every account a test makes unless it says otherwise. */
export const TEST_PASSWORD = 'Secret#123';

/** A new account of `role` in `gateway`'s store, signed in; its name says its role unless given. */
export async function createAccount(
  gateway: Pick<Gateway, 'auth'>,
  role: UserRole = 'user',
  name?: string,
): Promise<Account> {
  const now = new Date().toISOString();
  const phone = freshPhone('170');
  const user: User = {
    id: newId(),
    phone,
    name: name ?? `${role}-${phone.slice(-4)}`,
    user_type: role,
    is_verified: true,
    avatar_url: '',
    created_at: now,
    updated_at: now,
  };
  if (!(await gateway.auth.createAccount(user, TEST_PASSWORD))) {
    throw new Error(`the phone ${phone} already has an account`);
  }
  // Signed in as a sign-in does it: the gateway accepts a token while its session goes on.
  const { accessToken } = await gateway.auth.openSession(user);
  return { user, accessToken, password: TEST_PASSWORD };
}

/** An account registered through POST /api/auth/register (not signed in), as the route made it. */
export interface Registered {
  phone: string;
  password: string;
  user: User;
}

/** Registers a new ordinary account through the API; throws unless the gateway answers 201. */
export async function registerAccount(
  target: GatewayTarget,
  {
    phone = freshPhone(),
    password = TEST_PASSWORD,
    name = '测试用户',
  }: { phone?: string; password?: string; name?: string } = {},
): Promise<Registered> {
  const res = await register(target, { phone, password, name });
  if (res.status !== 201) throw new Error(`register ${phone}: HTTP ${res.status} ${res.text}`);
  return { phone, password, user: (res.body as { user: User }).user };
}
