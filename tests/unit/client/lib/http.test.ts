/**
 * The client's one HTTP module against a real local server (node:http on port 0): the token at call
 * time, one shared renewal and one retry on a 401, the one error type, timeouts and aborts, and the
 * upload and stream paths through the same auth.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ERROR_MESSAGES, messageForStatus } from '@couchdb/model/errors';
import {
  ApiError,
  HttpClient,
  registerAccessTokens,
  sessionTokens,
  type AccessTokens,
} from '@client/lib/http';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseUrl = '';
let handler: Handler = (_req, res) => res.end();
/** What the server saw, in order. */
let seen: {
  method: string;
  path: string;
  auth: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}[] = [];
/** Answers held open (timeouts, aborts); ended after each test. */
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('latin1');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        auth: req.headers.authorization,
        headers: req.headers,
        body,
      });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  for (const res of held.splice(0)) res.destroy();
  seen = [];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function gatewayError(res: ServerResponse, status: number, code: keyof typeof ERROR_MESSAGES) {
  json(res, status, { error: { code, message: ERROR_MESSAGES[code] } });
}

/** The gateway's rule for the tests: only `valid` is a good token. */
function onlyValidToken(valid: string, answer: Handler): Handler {
  return (req, res, body) => {
    if (req.headers.authorization !== `Bearer ${valid}`) gatewayError(res, 401, 'token_expired');
    else answer(req, res, body);
  };
}

/** A token source whose renewals are counted (and may be held until released). */
function tokenSource(initial: string | null, renewed: string | null) {
  let token = initial;
  let release: () => void = () => undefined;
  const gate = { held: false };
  const source = {
    refreshes: 0,
    getAccessToken: async () => token,
    refreshAccessToken: async () => {
      source.refreshes += 1;
      if (gate.held) await new Promise<void>((resolve) => (release = resolve));
      token = renewed;
      return renewed;
    },
    hold: () => (gate.held = true),
    release: () => release(),
  } satisfies AccessTokens & Record<string, unknown>;
  return source;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('HttpClient.json', () => {
  it('sends the token of the moment as Bearer and returns the JSON body', async () => {
    handler = (req, res) => json(res, 200, { path: req.url });
    const tokens = tokenSource('t1', null);
    const client = new HttpClient({ baseUrl, tokens });
    expect(await client.json('/api/a')).toEqual({ path: '/api/a' });
    expect(seen[0]!.auth).toBe('Bearer t1');
  });

  it('sends a JSON body with its content type', async () => {
    handler = (_req, res, body) => json(res, 201, { echoed: JSON.parse(body) as unknown });
    const client = new HttpClient({ baseUrl });
    const answer = await client.json('/api/b', { method: 'POST', body: { phone: '13800000000' } });
    expect(answer).toEqual({ echoed: { phone: '13800000000' } });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.auth).toBeUndefined();
  });

  it('after a 401 renews the token once and retries once with the new one', async () => {
    handler = onlyValidToken('fresh', (_req, res) => json(res, 200, { ok: true }));
    const tokens = tokenSource('stale', 'fresh');
    const client = new HttpClient({ baseUrl, tokens });
    expect(await client.json('/api/me')).toEqual({ ok: true });
    expect(tokens.refreshes).toBe(1);
    expect(seen.map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('shares one renewal among the calls that got a 401 together', async () => {
    handler = onlyValidToken('fresh', (req, res) => json(res, 200, { path: req.url }));
    const tokens = tokenSource('stale', 'fresh');
    tokens.hold();
    const client = new HttpClient({ baseUrl, tokens });
    const calls = ['/api/1', '/api/2', '/api/3'].map((path) => client.json(path));
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(3);
    tokens.release();
    expect(await Promise.all(calls)).toEqual([
      { path: '/api/1' },
      { path: '/api/2' },
      { path: '/api/3' },
    ]);
    expect(tokens.refreshes).toBe(1);
    // A real local server: on a loaded machine the three calls can take longer than a unit test's
    // default 5 s to arrive (the wait above allows 15 s).
  }, 20_000);

  it('retries only once: a renewed token refused again fails with the gateway’s error', async () => {
    handler = (_req, res) => gatewayError(res, 401, 'unauthorized');
    const tokens = tokenSource('stale', 'also-refused');
    const err = await failure(new HttpClient({ baseUrl, tokens }).json('/api/me'));
    expect(err).toMatchObject({ status: 401, code: 'unauthorized', kind: 'http' });
    expect(err.message).toBe(ERROR_MESSAGES.unauthorized);
    expect(seen).toHaveLength(2);
    expect(tokens.refreshes).toBe(1);
  });

  it('keeps the 401 when the session is over (the renewal finds none)', async () => {
    handler = (_req, res) => gatewayError(res, 401, 'token_expired');
    const tokens = tokenSource('stale', null);
    const err = await failure(new HttpClient({ baseUrl, tokens }).json('/api/me'));
    expect(err).toMatchObject({ status: 401, code: 'token_expired' });
    expect(err.message).toBe(ERROR_MESSAGES.token_expired);
    expect(seen).toHaveLength(1);
  });

  it('does not renew for a visitor, and sends the visitor’s headers instead of a token', async () => {
    handler = (_req, res) => gatewayError(res, 401, 'unauthorized');
    const tokens = tokenSource(null, 'never');
    const client = new HttpClient({
      baseUrl,
      tokens,
      anonymousHeaders: { 'X-Device-Id': 'dev-1' },
    });
    await failure(client.json('/api/x'));
    expect(tokens.refreshes).toBe(0);
    expect(seen[0]!.headers['x-device-id']).toBe('dev-1');
    expect(seen[0]!.auth).toBeUndefined();
  });

  it('uses a given token (or none) as is and never renews it', async () => {
    handler = (_req, res) => gatewayError(res, 401, 'unauthorized');
    const tokens = tokenSource('session-token', 'renewed');
    const client = new HttpClient({ baseUrl, tokens });
    await failure(client.json('/api/auth/logout', { method: 'POST', token: 'revoked-one' }));
    await failure(client.json('/api/auth/login', { method: 'POST', token: null }));
    expect(seen.map((s) => s.auth)).toEqual(['Bearer revoked-one', undefined]);
    expect(tokens.refreshes).toBe(0);
  });

  it('carries the gateway’s code, message and field errors', async () => {
    handler = (_req, res) =>
      json(res, 409, {
        error: { code: 'phone_taken', message: ERROR_MESSAGES.phone_taken, fields: { phone: 'x' } },
      });
    const err = await failure(new HttpClient({ baseUrl }).json('/api/auth/register'));
    expect(err).toMatchObject({ status: 409, code: 'phone_taken', fields: { phone: 'x' } });
    expect(err.message).toBe(ERROR_MESSAGES.phone_taken);
    expect(err.isTransient).toBe(false);
  });

  it('falls back to the text for the status when the error has no gateway body', async () => {
    handler = (_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/html' });
      res.end('<h1>Service Unavailable</h1>');
    };
    const err = await failure(new HttpClient({ baseUrl }).json('/api/y'));
    expect(err).toMatchObject({ status: 503, code: 'http_error', kind: 'http', isTransient: true });
    expect(err.message).toBe(messageForStatus(503));
  });

  it('reads 204 as no body and refuses empty, non-JSON or broken answers with their texts', async () => {
    const client = new HttpClient({ baseUrl });
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    expect(await client.json('/api/none')).toBeUndefined();
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('');
    };
    expect((await failure(client.json('/api/empty'))).message).toBe(AUTH_MESSAGES.emptyResponse);
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html></html>');
    };
    expect((await failure(client.json('/api/html'))).message).toBe(AUTH_MESSAGES.badFormat);
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"user":');
    };
    expect((await failure(client.json('/api/cut'))).message).toBe(AUTH_MESSAGES.parseFailed);
  });

  it('gives up after its timeout with the timeout case and the caller’s text', async () => {
    handler = (_req, res) => held.push(res);
    const err = await failure(
      new HttpClient({ baseUrl }).json('/api/slow', {
        timeoutMs: 100,
        timeoutMessage: AUTH_MESSAGES.loginTimeout,
      }),
    );
    expect(err).toMatchObject({ status: 0, code: 'timeout', kind: 'timeout' });
    expect(err.message).toBe(AUTH_MESSAGES.loginTimeout);
    expect(err.isNetworkFailure).toBe(true);
  });

  it('applies the client’s default timeout to a call that sets none', async () => {
    handler = (_req, res) => held.push(res);
    const err = await failure(new HttpClient({ baseUrl, timeoutMs: 100 }).json('/api/slow'));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe(AUTH_MESSAGES.networkError);
  });

  it('reports no answer at all as the network case', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(new HttpClient({ baseUrl: `http://127.0.0.1:${port}` }).json('/'));
    expect(err).toMatchObject({ status: 0, code: 'network_error', kind: 'network' });
    expect(err.message).toBe(AUTH_MESSAGES.networkError);
  });

  it('rejects with the caller’s abort reason, not an ApiError', async () => {
    handler = (_req, res) => held.push(res);
    const controller = new AbortController();
    const call = new HttpClient({ baseUrl }).json('/api/slow', { signal: controller.signal });
    await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(1);
    controller.abort(new Error('left the page'));
    await expect(call).rejects.toThrow('left the page');
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
  }, 15_000);
});

describe('HttpClient.upload', () => {
  it('sends the form with the token, renews once on a 401 and reports progress', async () => {
    handler = onlyValidToken('fresh', (_req, res, body) =>
      json(res, 201, { files: [{ url: '/media/a.jpg', size: body.length }] }),
    );
    const tokens = tokenSource('stale', 'fresh');
    const progress: number[] = [];
    const form = new FormData();
    form.append('file', new Blob(['photo bytes'], { type: 'image/jpeg' }), 'a.jpg');
    const answer = await new HttpClient({ baseUrl, tokens }).upload<{ files: { url: string }[] }>(
      '/api/media',
      form,
      { onProgress: (p) => progress.push(p) },
    );
    expect(answer.files[0]!.url).toBe('/media/a.jpg');
    expect(tokens.refreshes).toBe(1);
    expect(seen.map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(seen[1]!.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(seen[1]!.body).toContain('photo bytes');
    expect(progress.at(-1)).toBe(100);
  });

  it('fails with the gateway’s refusal like any other call', async () => {
    handler = (_req, res) => gatewayError(res, 413, 'file_too_large');
    const form = new FormData();
    form.append('file', new Blob(['x']), 'big.jpg');
    const err = await failure(new HttpClient({ baseUrl }).upload('/api/media', form));
    expect(err).toMatchObject({ status: 413, code: 'file_too_large', isTransient: false });
    expect(err.message).toBe(ERROR_MESSAGES.file_too_large);
  });
});

describe('HttpClient.stream', () => {
  it('opens with the token, renews once on a 401, and hands over the open body', async () => {
    handler = onlyValidToken('fresh', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('event: resync\ndata: {}\n\n');
      held.push(res);
    });
    const tokens = tokenSource('stale', 'fresh');
    const controller = new AbortController();
    const response = await new HttpClient({ baseUrl, tokens }).stream('/api/sync/stream', {
      signal: controller.signal,
      headers: { Accept: 'text/event-stream' },
    });
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('event: resync');
    expect(tokens.refreshes).toBe(1);
    controller.abort();
  });

  it('fails with the gateway’s error when the stream is refused', async () => {
    handler = (_req, res) => gatewayError(res, 403, 'forbidden');
    const err = await failure(new HttpClient({ baseUrl }).stream('/api/sync/stream'));
    expect(err).toMatchObject({ status: 403, code: 'forbidden' });
  });
});

describe('the session’s registered tokens', () => {
  it('are read at call time: a visitor before registration, the session after', async () => {
    handler = (req, res) => json(res, 200, { auth: req.headers.authorization ?? null });
    const client = new HttpClient({ baseUrl, tokens: sessionTokens });
    expect(await client.json('/api/who')).toEqual({ auth: null });
    const unregister = registerAccessTokens(tokenSource('session-token', null));
    try {
      expect(await client.json('/api/who')).toEqual({ auth: 'Bearer session-token' });
    } finally {
      unregister();
    }
    expect(await client.json('/api/who')).toEqual({ auth: null });
  });
});
