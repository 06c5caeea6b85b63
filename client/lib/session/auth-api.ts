/** The gateway's /api/auth calls (the request shapes come from couchdb/model/auth). */
import { z } from 'zod';
import type { LoginInput, RegisterRequest } from '@couchdb/model/auth';
import { AUTH_MESSAGES, AUTH_REQUEST_TIMEOUT_MS } from '@couchdb/model/errors';
import { userSchema, type User } from '@couchdb/model/user';
import { ApiError, apiRequest } from '@client/lib/api-client';

const sessionResponseSchema = z.object({
  user: userSchema,
  accessToken: z.string().min(1),
  expiresAt: z.string().min(1),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

const userResponseSchema = z.object({ user: userSchema });

function parseOrFail<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(200, 'bad_format', AUTH_MESSAGES.badFormat);
  return parsed.data;
}

/** POST /api/auth/login; sets the refresh cookie. Gives up after 10 s (product §9). */
export async function loginRequest(input: LoginInput): Promise<SessionResponse> {
  const body = await apiRequest<unknown>('/api/auth/login', {
    method: 'POST',
    body: input,
    timeoutMs: AUTH_REQUEST_TIMEOUT_MS,
    timeoutMessage: AUTH_MESSAGES.loginTimeout,
  });
  return parseOrFail(sessionResponseSchema, body);
}

/** POST /api/auth/register; does not sign in. Gives up after 10 s (product §9). */
export async function registerRequest(input: RegisterRequest): Promise<User> {
  const body = await apiRequest<unknown>('/api/auth/register', {
    method: 'POST',
    body: input,
    timeoutMs: AUTH_REQUEST_TIMEOUT_MS,
    timeoutMessage: AUTH_MESSAGES.registerTimeout,
  });
  return parseOrFail(userResponseSchema, body).user;
}

/** POST /api/auth/refresh: trades the httpOnly cookie for a new access token (cookie rotates). */
export async function refreshRequest(): Promise<SessionResponse> {
  const body = await apiRequest<unknown>('/api/auth/refresh', {
    method: 'POST',
    timeoutMs: AUTH_REQUEST_TIMEOUT_MS,
  });
  return parseOrFail(sessionResponseSchema, body);
}

/** POST /api/auth/logout: revokes the refresh token and clears the cookie. */
export async function logoutRequest(token: string | null): Promise<void> {
  await apiRequest<void>('/api/auth/logout', {
    method: 'POST',
    token,
    timeoutMs: AUTH_REQUEST_TIMEOUT_MS,
  });
}

export interface AuthApi {
  login: typeof loginRequest;
  register: typeof registerRequest;
  refresh: typeof refreshRequest;
  logout: typeof logoutRequest;
}

export const authApi: AuthApi = {
  login: loginRequest,
  register: registerRequest,
  refresh: refreshRequest,
  logout: logoutRequest,
};
