/**
 * Accounts against the real gateway and the real store: every /api/auth endpoint and the bad input
 * of issue 2 (malformed JSON, missing/extra fields, wrong types, overlong strings, duplicates,
 * wrong passwords, expired/tampered/alg:none tokens, a reused refresh token).
 */
import jwt from 'jsonwebtoken';
import request from 'supertest';
import {
  hasSessionHint,
  REFRESH_COOKIE,
  SESSION_HINT_COOKIE,
} from '@couchdb/model/session-cookies';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordAttemptsMessage } from '../../../couchdb/model/errors';
import { ACCOUNT_STATE_MAX_AGE_MS } from '../../../sync-server/services/account-directory';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../sync-server/services/tokens';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import { registerAccount } from '../../helpers/accounts';
import { freshPhone } from '../../helpers/phones';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.cleanup();
});

const register = () => registerAccount(gw.app, { name: '张三' });

async function login(phone: string, password: string) {
  const res = await api.login(gw.app, phone, password);
  expect(res.status).toBe(200);
  const cookie = res.headers['set-cookie']?.[0] ?? '';
  return {
    token: res.body.accessToken as string,
    cookie: cookie.split(';')[0]!,
    raw: cookie,
    body: res.body,
  };
}

const me = (token: string) =>
  request(gw.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);

async function userCount() {
  const info = await gw.store.db('users').info();
  return info.doc_count;
}

describe('POST /api/auth/register', () => {
  it('creates an ordinary user and never returns secrets', async () => {
    const { user, phone } = await register();
    expect(user).toMatchObject({ phone, name: '张三', user_type: 'user', is_verified: true });
    expect(JSON.stringify(user)).not.toMatch(/hash|password|argon/i);
  });

  it('refuses a phone that is already registered, keeping the first account', async () => {
    const { phone, password } = await register();
    const before = await userCount();
    const res = await request(gw.app)
      .post('/api/auth/register')
      .send({ phone, password: 'Other#456' });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'phone_taken', message: '该手机号已注册' });
    expect(await userCount()).toBe(before);
    await login(phone, password);
  });

  it.each([
    ['bad phone', { phone: '12345678901', password: 'Secret#123' }, 'phone', '请输入正确的手机号'],
    [
      'second digit 2',
      { phone: '12812345678', password: 'Secret#123' },
      'phone',
      '请输入正确的手机号',
    ],
    ['short password', { phone: '13912345678', password: '12345' }, 'password', '密码至少6位'],
    [
      'one-character name',
      { phone: '13912345678', password: 'Secret#123', name: '张' },
      'name',
      '姓名至少2个字符',
    ],
    ['missing password', { phone: '13912345678' }, 'password', '请输入密码'],
    ['wrong type', { phone: 13912345678, password: 'Secret#123' }, 'phone', '请输入正确的手机号'],
    [
      'overlong password',
      { phone: '13912345678', password: 'x'.repeat(129) },
      'password',
      '密码不能超过128位',
    ],
    [
      'overlong name',
      { phone: '13912345678', password: 'Secret#123', name: '名'.repeat(31) },
      'name',
      '姓名不能超过30个字符',
    ],
    [
      'extra field',
      { phone: '13912345678', password: 'Secret#123', user_type: 'admin' },
      '_',
      '包含不支持的字段：user_type',
    ],
  ])(
    'rejects %s with 400 and the spec message, creating nothing',
    async (_label, body, field, message) => {
      const before = await userCount();
      const res = await request(gw.app).post('/api/auth/register').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields[field]).toBe(message);
      expect(await userCount()).toBe(before);
    },
  );

  it('answers malformed JSON with bad_json', async () => {
    const res = await request(gw.app)
      .post('/api/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"phone": "139');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_json');
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await request(gw.app)
      .post('/api/auth/register')
      .send({ phone: '13912345678', password: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });
});

describe('POST /api/auth/login', () => {
  it('returns the user and a 15-minute token, and sets an httpOnly SameSite=Strict refresh cookie', async () => {
    const { phone, password } = await register();
    const { token, raw, body } = await login(phone, password);
    expect(body.user.phone).toBe(phone);
    const claims = jwt.decode(token, { complete: true })!;
    expect(claims.header.alg).toBe('HS256');
    const payload = claims.payload as jwt.JwtPayload;
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
    expect(raw).toMatch(/^cj_refresh=/);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Strict/i);
    expect(raw).toMatch(/Path=\/api\/auth/);
  });

  it('sets a page-readable session hint with no secret beside the refresh cookie, and logout clears both', async () => {
    const { phone, password } = await register();
    const res = await request(gw.app).post('/api/auth/login').send({ phone, password });
    const cookies = res.headers['set-cookie'] as unknown as string[];
    const hint = cookies.find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`))!;
    expect(hint).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Path=\/;/);
    expect(hint).toMatch(/SameSite=Strict/i);
    expect(hasSessionHint(cookies.map((c) => c.split(';')[0]).join('; '))).toBe(true);

    const refresh = cookies[0]!.split(';')[0]!;
    const out = await request(gw.app).post('/api/auth/logout').set('Cookie', refresh);
    const cleared = out.headers['set-cookie'] as unknown as string[];
    expect(cleared.some((c) => c.startsWith(`${REFRESH_COOKIE}=;`))).toBe(true);
    expect(cleared.some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=;`))).toBe(true);
    // A refused refresh (a session that ended elsewhere) clears the hint too.
    const refused = await request(gw.app).post('/api/auth/refresh').set('Cookie', refresh);
    expect(refused.status).toBe(401);
    expect(
      (refused.headers['set-cookie'] as unknown as string[]).some((c) =>
        c.startsWith(`${SESSION_HINT_COOKIE}=;`),
      ),
    ).toBe(true);
  });

  it('gives the same answer for a wrong password and an unknown phone', async () => {
    const { phone } = await register();
    const wrong = await request(gw.app)
      .post('/api/auth/login')
      .send({ phone, password: 'Wrong#999' });
    const unknown = await request(gw.app)
      .post('/api/auth/login')
      .send({ phone: '13000000000', password: 'Wrong#999' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.code).toBe('invalid_credentials');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('limits failed attempts per phone, even with the right password afterwards', async () => {
    const { phone, password } = await register();
    for (let i = 0; i < 5; i++) {
      const res = await request(gw.app)
        .post('/api/auth/login')
        .send({ phone, password: 'Wrong#999' });
      expect(res.status).toBe(401);
    }
    const blocked = await request(gw.app).post('/api/auth/login').send({ phone, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    // The first wait after the free attempts, in seconds (not a rounding of milliseconds).
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(blocked.body.error.message).toBe(
      passwordAttemptsMessage(Number(blocked.headers['retry-after'])),
    );
  });

  it('limits failed attempts per IP across phones', async () => {
    const limited = await startTestGateway({ rateLimits: { passwordAttemptsPerAddress: 3 } });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await request(limited.app)
          .post('/api/auth/login')
          .send({ phone: freshPhone(), password: 'Wrong#999' });
        expect(res.status).toBe(401);
      }
      const res = await request(limited.app)
        .post('/api/auth/login')
        .send({ phone: freshPhone(), password: 'Wrong#999' });
      expect(res.status).toBe(429);
    } finally {
      await limited.cleanup();
    }
  });

  it('validates the body', async () => {
    const res = await request(gw.app).post('/api/auth/login').send({ phone: 'abc' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      phone: '请输入正确的手机号',
      password: '请输入密码',
    });
  });
});

describe('access tokens', () => {
  it('GET /api/auth/me answers the caller with a valid token and 401 without one', async () => {
    const { phone, password } = await register();
    const { token } = await login(phone, password);
    const me = await request(gw.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect(me.status).toBe(200);
    expect(me.body.user.phone).toBe(phone);
    const anon = await request(gw.app).get('/api/auth/me');
    expect(anon.status).toBe(401);
    expect(anon.body.error).toEqual({ code: 'unauthorized', message: '未授权访问，请重新登录' });
  });

  it.each([
    [
      'tampered payload',
      (t: string, _s: string) => {
        const [h, p, s] = t.split('.');
        const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
        payload.role = 'admin';
        return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
      },
      'unauthorized',
    ],
    [
      'alg none',
      (t: string, _s: string) => {
        const payload = jwt.decode(t) as jwt.JwtPayload;
        return jwt.sign({ ...payload, role: 'admin' }, '', { algorithm: 'none' });
      },
      'unauthorized',
    ],
    [
      'other secret',
      (t: string, _s: string) => {
        const payload = jwt.decode(t) as jwt.JwtPayload;
        return jwt.sign(payload, 'another-secret-another-secret-123', { algorithm: 'HS256' });
      },
      'unauthorized',
    ],
    [
      'HS512 with the right secret',
      (t: string, s: string) => {
        const payload = jwt.decode(t) as jwt.JwtPayload;
        return jwt.sign(payload, s, { algorithm: 'HS512' });
      },
      'unauthorized',
    ],
    [
      'expired',
      (t: string, s: string) => {
        const { iat: _i, exp: _e, ...payload } = jwt.decode(t) as jwt.JwtPayload;
        return jwt.sign({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 }, s, {
          algorithm: 'HS256',
        });
      },
      'token_expired',
    ],
    ['garbage', () => 'not-a-token', 'unauthorized'],
  ])('refuses a %s token with 401', async (_label, forge, code) => {
    const { phone, password } = await register();
    const { token } = await login(phone, password);
    const res = await request(gw.app)
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${forge(token, gw.config.jwtSecret)}`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(code);
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token and gives a new access token', async () => {
    const { phone, password } = await register();
    const first = await login(phone, password);
    const res = await request(gw.app).post('/api/auth/refresh').set('Cookie', first.cookie);
    expect(res.status).toBe(200);
    expect(res.body.user.phone).toBe(phone);
    const rotated = res.headers['set-cookie']![0]!.split(';')[0]!;
    expect(rotated).not.toBe(first.cookie);
    const again = await request(gw.app).post('/api/auth/refresh').set('Cookie', rotated);
    expect(again.status).toBe(200);
  });

  const cookieOf = (res: request.Response) => res.headers['set-cookie']![0]!.split(';')[0]!;
  const refreshWith = (cookie: string) =>
    request(gw.app).post('/api/auth/refresh').set('Cookie', cookie);

  it('revokes the whole session when a token is replayed after its successor was used', async () => {
    const { phone, password } = await register();
    const first = await login(phone, password);
    const second = cookieOf(await refreshWith(first.cookie));
    const third = await refreshWith(second);
    expect(third.status).toBe(200);

    const replay = await refreshWith(first.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe('refresh_reused');
    expect(String(replay.headers['set-cookie'])).toMatch(/cj_refresh=;/);
    // The legitimate holder's newer token dies with the family, and so do its access tokens.
    const owner = await refreshWith(cookieOf(third));
    expect(owner.status).toBe(401);
    expect(owner.body.error.code).toBe('refresh_invalid');
    for (const access of [first.token, third.body.accessToken as string])
      expect((await me(access)).body.error?.code).toBe('session_ended');
  });

  it('keeps the session when the answer to a refresh was lost and the old cookie comes again', async () => {
    const { phone, password } = await register();
    const first = await login(phone, password);
    const lost = await refreshWith(first.cookie); // the browser never stored this answer
    expect(lost.status).toBe(200);

    const again = await refreshWith(first.cookie);
    expect(again.status).toBe(200);
    expect(again.body.accessToken).toEqual(expect.any(String));
    const next = cookieOf(again);
    expect(next).not.toBe(first.cookie);
    expect(next).not.toBe(cookieOf(lost));
    expect((await refreshWith(next)).status).toBe(200);
  });

  it('answers concurrent refreshes with the same cookie without signing the user out', async () => {
    const { phone, password } = await register();
    const first = await login(phone, password);
    const answers = await Promise.all([refreshWith(first.cookie), refreshWith(first.cookie)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    // Whichever answer the browser kept, its cookie goes on working.
    for (const answer of answers) expect((await refreshWith(cookieOf(answer))).status).toBe(200);
  });

  it(`treats the old cookie as stolen once ${REFRESH_REUSE_GRACE_SECONDS} s have passed`, async () => {
    const { phone, password } = await register();
    const first = await login(phone, password);
    const rotated = cookieOf(await refreshWith(first.cookie));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + REFRESH_REUSE_GRACE_SECONDS * 1000 });
    try {
      const replay = await refreshWith(first.cookie);
      expect(replay.status).toBe(401);
      expect(replay.body.error.code).toBe('refresh_reused');
      expect((await refreshWith(rotated)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a missing or unknown refresh cookie', async () => {
    expect((await request(gw.app).post('/api/auth/refresh')).status).toBe(401);
    const res = await request(gw.app).post('/api/auth/refresh').set('Cookie', 'cj_refresh=forged');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('refresh_invalid');
  });

  it('logout ends the session, its access token with it, and clears the cookie', async () => {
    const { phone, password } = await register();
    const { cookie, token } = await login(phone, password);
    const other = await login(phone, password);
    expect((await me(token)).status).toBe(200);
    const out = await request(gw.app).post('/api/auth/logout').set('Cookie', cookie);
    expect(out.status).toBe(204);
    expect(out.headers['set-cookie']![0]).toMatch(/cj_refresh=;/);
    const res = await request(gw.app).post('/api/auth/refresh').set('Cookie', cookie);
    expect(res.status).toBe(401);
    // Not waiting out its 15 minutes: a copy of the token left behind is refused now.
    const after = await me(token);
    expect(after.status).toBe(401);
    expect(after.body.error).toEqual({
      code: 'session_ended',
      message: '登录状态已失效，请重新登录',
    });
    // The account's other session goes on.
    expect((await me(other.token)).status).toBe(200);
    // Logging out twice (or without a session) is harmless.
    expect((await request(gw.app).post('/api/auth/logout').set('Cookie', cookie)).status).toBe(204);
  });
});

describe('ended sessions on several gateways', () => {
  it(`are refused by every gateway within ${ACCOUNT_STATE_MAX_AGE_MS} ms`, async () => {
    const a = await startTestGateway();
    const b = await startTestGateway({ prefix: a.config.dbPrefix, jwtSecret: a.config.jwtSecret });
    try {
      const { phone, password } = await registerAccount(a.app, { name: '李四' });
      const signedIn = await api.login(a.app, phone, password);
      const token = signedIn.body.accessToken as string;
      const meAt = (app: typeof a.app) =>
        request(app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
      // Gateway b has seen the session live (and keeps that a while).
      expect((await meAt(b.app)).status).toBe(200);
      const cookie = signedIn.headers['set-cookie']![0]!.split(';')[0]!;
      expect((await request(a.app).post('/api/auth/logout').set('Cookie', cookie)).status).toBe(
        204,
      );
      expect((await meAt(a.app)).body.error?.code).toBe('session_ended');
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ACCOUNT_STATE_MAX_AGE_MS });
      try {
        expect((await meAt(b.app)).body.error?.code).toBe('session_ended');
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await b.cleanup();
      await a.cleanup();
    }
  });
});

describe('POST /api/auth/change-password', () => {
  it.each([
    [
      { currentPassword: '', newPassword: 'New#12345', confirmPassword: 'New#12345' },
      '请填写所有密码字段',
    ],
    [
      { currentPassword: 'Secret#123', newPassword: 'New#12345', confirmPassword: 'New#1234' },
      '新密码与确认密码不匹配',
    ],
    [
      { currentPassword: 'Secret#123', newPassword: '12345', confirmPassword: '12345' },
      '新密码至少需要6位字符',
    ],
    [
      { currentPassword: 'Secret#123', newPassword: 'Secret#123', confirmPassword: 'Secret#123' },
      '新密码不能与当前密码相同',
    ],
  ])('refuses %j with "%s"', async (body, message) => {
    const { phone, password } = await register();
    const { token } = await login(phone, password);
    const res = await request(gw.app)
      .post('/api/auth/change-password')
      .set('Authorization', `Bearer ${token}`)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    await login(phone, password); // unchanged
  });

  it('refuses a wrong current password', async () => {
    const { phone, password } = await register();
    const { token } = await login(phone, password);
    const res = await request(gw.app)
      .post('/api/auth/change-password')
      .set('Authorization', `Bearer ${token}`)
      .send({
        currentPassword: 'Wrong#999',
        newPassword: 'New#12345',
        confirmPassword: 'New#12345',
      });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'wrong_password', message: '当前密码不正确' });
    await login(phone, password);
  });

  it('changes the password, keeps this session and ends the others, their access tokens at once', async () => {
    const { phone, password } = await register();
    const here = await login(phone, password);
    const elsewhere = await login(phone, password);
    const res = await request(gw.app)
      .post('/api/auth/change-password')
      .set('Authorization', `Bearer ${here.token}`)
      .set('Cookie', here.cookie)
      .send({ currentPassword: password, newPassword: 'New#12345', confirmPassword: 'New#12345' });
    expect(res.status).toBe(204);
    expect((await request(gw.app).post('/api/auth/login').send({ phone, password })).status).toBe(
      401,
    );
    await login(phone, 'New#12345');
    expect(
      (await request(gw.app).post('/api/auth/refresh').set('Cookie', here.cookie)).status,
    ).toBe(200);
    expect(
      (await request(gw.app).post('/api/auth/refresh').set('Cookie', elsewhere.cookie)).status,
    ).toBe(401);
    expect((await me(here.token)).status).toBe(200);
    const ended = await me(elsewhere.token);
    expect(ended.status).toBe(401);
    expect(ended.body.error.code).toBe('session_ended');
  });

  it('requires a caller', async () => {
    const res = await request(gw.app)
      .post('/api/auth/change-password')
      .send({ currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' });
    expect(res.status).toBe(401);
  });
});

describe('PATCH /api/auth/me', () => {
  it('saves name, company and position', async () => {
    const { phone, password } = await register();
    const { token } = await login(phone, password);
    const res = await request(gw.app)
      .patch('/api/auth/me')
      .set('Authorization', `Bearer ${token}`)
      .send({ name: '李四', company: '澄江安居地产', position: '置业顾问' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      name: '李四',
      company: '澄江安居地产',
      position: '置业顾问',
      phone,
    });
    const me = await request(gw.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect(me.body.user.name).toBe('李四');
  });

  it('keeps an uploaded photo as the avatar, and removes it again', async () => {
    const { phone, password } = await register();
    const { token } = await login(phone, password);
    const saved = await request(gw.app)
      .patch('/api/auth/me')
      .set('Authorization', `Bearer ${token}`)
      .send({ avatar_url: '/media/ab/cdef0123.webp' });
    expect(saved.status).toBe(200);
    expect(saved.body.user.avatar_url).toBe('/media/ab/cdef0123.webp');
    const https = await request(gw.app)
      .patch('/api/auth/me')
      .set('Authorization', `Bearer ${token}`)
      .send({ avatar_url: 'https://img.example.com/me.png' });
    expect(https.body.user.avatar_url).toBe('https://img.example.com/me.png');
    const removed = await request(gw.app)
      .patch('/api/auth/me')
      .set('Authorization', `Bearer ${token}`)
      .send({ avatar_url: '' });
    expect(removed.body.user.avatar_url).toBe('');
  });

  it.each([
    [{ avatar_url: 'http://img.example.com/me.png' }, 'avatar_url'],
    [{ avatar_url: 'javascript:alert(1)' }, 'avatar_url'],
    [{ avatar_url: '//evil.example.com/me.png' }, 'avatar_url'],
    [{ phone: '13800000000' }, '_'],
    [{ user_type: 'admin' }, '_'],
    [{ name: '李' }, 'name'],
    [{ name: 42 }, 'name'],
    [{ company: 'x'.repeat(61) }, 'company'],
  ])('refuses %j and changes nothing', async (body, field) => {
    const { phone, password } = await register();
    const { token } = await login(phone, password);
    const res = await request(gw.app)
      .patch('/api/auth/me')
      .set('Authorization', `Bearer ${token}`)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBeTruthy();
    const me = await request(gw.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
    expect(me.body.user).toMatchObject({ phone, name: '张三', user_type: 'user' });
  });
});

describe('robustness', () => {
  it('answers unknown API paths with the error shape and stays healthy after bad input', async () => {
    const res = await request(gw.app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    const health = await request(gw.app).get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.ok).toBe(true);
  });

  it('sends security headers with a PWA-friendly CSP', async () => {
    const res = await request(gw.app).get('/api/health');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    // 360° tours: shown in a frame, and asked whether their server answers (the overlay's check).
    expect(csp).toContain('frame-src https:');
    expect(csp).toContain("connect-src 'self' https:");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
