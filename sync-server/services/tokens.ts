/**
 * Access tokens (JWT HS256, 15 minutes, algorithm pinned on verify) and refresh tokens
 * (random, stored only as a SHA-256 hash, rotated on every use).
 */
import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { userRoleSchema } from '@couchdb/model/user';
import type { UserRole } from '@couchdb/model/roles';
import { HttpError } from '../http-error';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long a rotated refresh token may be presented again while its successor is still unused:
 * the browser can lose the answer that carried the successor (a reload or a closed tab cancels the
 * request after the server rotated it) and then sends the old cookie again. Okta's default grace.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
const ISSUER = 'cj-gateway';

/** Who is calling, as established by a valid access token. */
export interface Caller {
  id: string;
  role: UserRole;
}

/**
 * What a valid access token says: its holder, and the session (refresh-token family) it was issued
 * in, so that ending the session ends its access tokens at once (authenticate.ts).
 */
export interface AccessClaims extends Caller {
  session: string;
}

const secretKeys = new Map<string, KeyObject>();

/**
 * The signing secret as a key object, made once per secret: given a string, jsonwebtoken first
 * tries to parse it as a PEM public key on every call (and throws), about a millisecond a request.
 */
function secretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    secretKeys.set(secret, key);
  }
  return key;
}

export function signAccessToken(
  secret: string,
  claims: AccessClaims,
): { token: string; expiresAt: string } {
  const token = jwt.sign({ role: claims.role, sid: claims.session }, secretKey(secret), {
    algorithm: 'HS256',
    subject: claims.id,
    issuer: ISSUER,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
  });
  return { token, expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString() };
}

/** Verifies signature, algorithm, issuer and expiry, and reads its claims; anything else is a 401. */
export function verifyAccessToken(secret: string, token: string): AccessClaims {
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, secretKey(secret), { algorithms: ['HS256'], issuer: ISSUER });
  } catch (err) {
    if (err instanceof jwt.TokenExpiredError) throw new HttpError(401, 'token_expired');
    throw new HttpError(401, 'unauthorized');
  }
  const role = userRoleSchema.safeParse(typeof payload === 'object' ? payload.role : undefined);
  if (
    typeof payload !== 'object' ||
    typeof payload.sub !== 'string' ||
    !role.success ||
    typeof payload.sid !== 'string'
  ) {
    throw new HttpError(401, 'unauthorized');
  }
  return { id: payload.sub, role: role.data, session: payload.sid };
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
