/**
 * POST /api/media under abuse (issue 16, finding 5), against the real gateway and store: the daily
 * quota and the uploads-at-once cap per account (held in the store, so two gateways share them),
 * large disguised files, client aborts and pixel bombs; every refusal carries its Chinese message
 * and no temp file is left behind.
 */
import { mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MB } from '../../../couchdb/model/constants';
import { UPLOAD_MESSAGES } from '../../../couchdb/model/media-facts';
import {
  IMAGE_MAX_PIXELS,
  MEDIA_CONCURRENT_UPLOADS,
  MEDIA_DAILY_QUOTA_BYTES,
  UPLOAD_LIMIT_MESSAGES,
} from '../../../couchdb/model/upload-limits';
import { UploadQuota } from '../../../sync-server/media/upload-quota';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

const WAIT = { timeout: 15_000, interval: 50 };
let gw: TestGateway;
let second: TestGateway;
let url: string;
let secondUrl: string;
let closers: (() => Promise<void>)[] = [];
let scratch: string;
let video45: string;

/** The opening of an MP4 file (an ftyp box), enough for magic-byte detection. */
const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2mp41'),
]);

/** A `bytes`-long file on disk that starts with `head` (the rest sparse zeros). */
async function fileOf(name: string, head: Buffer, bytes: number): Promise<string> {
  const file = path.join(scratch, name);
  const handle = await open(file, 'w');
  await handle.write(head, 0, head.length, 0);
  await handle.truncate(bytes);
  await handle.close();
  return file;
}

const tempFiles = (g: TestGateway) =>
  readdir(path.join(g.config.dataDir, 'uploads-tmp')).catch(() => [] as string[]);
const mediaFiles = (g: TestGateway) =>
  readdir(path.join(g.config.dataDir, 'media')).catch(() => [] as string[]);
/** The account's uploads in flight, as the store holds them (shared by every gateway). */
async function inFlight(accountId: string): Promise<number> {
  const doc = (await gw.store
    .db('uploads')
    .get(`quota:${accountId}`)
    .catch(() => ({ leases: [] }))) as unknown as { leases: unknown[] };
  return doc.leases.length;
}

const upload = (g: TestGateway, token: string) =>
  request(g.app).post('/api/media').set('Authorization', `Bearer ${token}`);

/**
 * Starts a `bytes` video upload on a real socket and sends only its first megabyte, so it stays
 * in flight until `abort()`; `answer` settles with the status if the gateway answers meanwhile.
 */
function slowUpload(base: string, token: string, bytes = 40 * MB) {
  const boundary = '----cjslow';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let req: ClientRequest;
  const answer = new Promise<number | 'aborted'>((resolve) => {
    req = httpRequest(`${base}/api/media`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + bytes + tail.length),
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve('aborted'));
    req.write(Buffer.concat([head, MP4_HEAD, Buffer.alloc(MB - MP4_HEAD.length, 1)]));
  });
  return { answer, abort: () => req.destroy() };
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'cj-media-limits-'));
  video45 = await fileOf('tour.mp4', MP4_HEAD, 45 * MB);
  gw = await startTestGateway();
  // A second gateway on the same databases, as behind a load balancer.
  second = await startTestGateway({ prefix: gw.config.dbPrefix, jwtSecret: gw.config.jwtSecret });
  const a = await gw.listen();
  const b = await second.listen();
  url = a.url;
  secondUrl = b.url;
  closers = [a.close, b.close];
});
afterAll(async () => {
  for (const close of closers) await close();
  await second?.cleanup();
  await gw?.cleanup();
  await rm(scratch, { recursive: true, force: true });
});

describe('the daily quota per account', () => {
  it('one user sending 10 × 45 MB videos: stored up to the quota, then refused with the message', async () => {
    const { accessToken } = await gw.createUser('agent');
    const fits = Math.floor(MEDIA_DAILY_QUOTA_BYTES / (45 * MB + 1024));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await upload(gw, accessToken).attach('file', video45, {
        filename: `看房${i}.mp4`,
        contentType: 'video/mp4',
      });
      statuses.push(res.status);
      if (res.status !== 201) {
        expect(res.body.error).toEqual({
          code: 'upload_quota_exceeded',
          message: UPLOAD_LIMIT_MESSAGES.overDailyQuota,
        });
        // Until midnight in Asia/Shanghai, at most a day.
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
      }
    }
    expect(statuses).toEqual([
      ...Array<number>(fits).fill(201),
      ...Array<number>(10 - fits).fill(429),
    ]);
    expect(await tempFiles(gw)).toEqual([]);
    // The other gateway sees the same day's total.
    const there = await upload(second, accessToken).attach('file', video45, {
      filename: 'again.mp4',
      contentType: 'video/mp4',
    });
    expect(there.status).toBe(429);
    expect(there.body.error.message).toBe(UPLOAD_LIMIT_MESSAGES.overDailyQuota);
    // Another account is not affected.
    const other = await gw.createUser('agent');
    const theirs = await upload(gw, other.accessToken).attach('file', video45, {
      filename: 'mine.mp4',
      contentType: 'video/mp4',
    });
    expect(theirs.status).toBe(201);
  });

  it('the ten in one request are refused before the body is stored', async () => {
    const { accessToken } = await gw.createUser('agent');
    let req = upload(gw, accessToken);
    for (let i = 0; i < 10; i++)
      req = req.attach('file', video45, { filename: `v${i}.mp4`, contentType: 'video/mp4' });
    const res = await req;
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(UPLOAD_LIMIT_MESSAGES.overDailyQuota);
    expect(await tempFiles(gw)).toEqual([]);
    // Nothing was counted: the next single video is stored.
    const one = await upload(gw, accessToken).attach('file', video45, {
      filename: 'one.mp4',
      contentType: 'video/mp4',
    });
    expect(one.status).toBe(201);
  });
});

describe('uploads at once per account', () => {
  it('beyond the cap, on either gateway, refused with the message; a slot frees when one ends', async () => {
    const { user, accessToken } = await gw.createUser('agent');
    const slow = Array.from({ length: MEDIA_CONCURRENT_UPLOADS }, (_, i) =>
      slowUpload(i % 2 === 0 ? url : secondUrl, accessToken),
    );
    await vi.waitFor(async () => expect(await inFlight(user.id)).toBe(slow.length), WAIT);

    for (const g of [gw, second]) {
      const res = await upload(g, accessToken).attach('file', MP4_HEAD, {
        filename: 'third.mp4',
        contentType: 'video/mp4',
      });
      expect(res.status).toBe(429);
      expect(res.body.error).toEqual({
        code: 'too_many_uploads',
        message: UPLOAD_LIMIT_MESSAGES.tooManyUploadsAtOnce,
      });
    }

    slow[0]!.abort();
    await vi.waitFor(async () => expect(await inFlight(user.id)).toBe(slow.length - 1), WAIT);
    const next = await upload(gw, accessToken).attach('file', video45, {
      filename: 'next.mp4',
      contentType: 'video/mp4',
    });
    expect(next.status).toBe(201);
    for (const s of slow) s.abort();
    await vi.waitFor(async () => expect(await inFlight(user.id)).toBe(0), WAIT);
  });
});

describe('the quota over time (UploadQuota on the store, with a clock of its own)', () => {
  it('a slot a crashed gateway never gave back frees itself; a new day starts from zero', async () => {
    let now = Date.parse('2026-03-02T15:00:00Z'); // 23:00 in Asia/Shanghai
    const quota = new UploadQuota(
      gw.store,
      { dailyBytes: 100, concurrent: 1, leaseMs: 60_000 },
      () => now,
    );
    const { user } = await gw.createUser('agent');
    await quota.acquire(user.id, 10); // never released
    await expect(quota.acquire(user.id, 10)).rejects.toMatchObject({
      status: 429,
      code: 'too_many_uploads',
    });
    now += 61_000;
    const lease = await quota.acquire(user.id, 90);
    await lease.release(90);
    await lease.release(90); // twice is once
    const over = await quota.acquire(user.id, 20).catch((err: unknown) => err);
    expect(over).toMatchObject({ status: 429, code: 'upload_quota_exceeded' });
    // 23:01:01 in Shanghai: tomorrow begins in 58 min 59 s.
    expect((over as { headers: Record<string, string> }).headers['Retry-After']).toBe(
      String(59 * 60 - 1),
    );
    now += 60 * 60_000; // past midnight in Shanghai
    await (await quota.acquire(user.id, 100)).release(100);
  });
});

describe('no temp file outlives a refused or abandoned upload', () => {
  it('a 45 MB file disguised as a video is refused by its bytes', async () => {
    const { accessToken } = await gw.createUser('agent');
    const before = await mediaFiles(gw);
    const disguised = await fileOf(
      'disguised.mp4',
      Buffer.from('PK\u0003\u0004zipzipzip'),
      45 * MB,
    );
    const res = await upload(gw, accessToken).attach('file', disguised, {
      filename: '看房.mp4',
      contentType: 'video/mp4',
    });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe(UPLOAD_MESSAGES.damagedVideo('看房.mp4'));
    expect(await tempFiles(gw)).toEqual([]);
    expect(await mediaFiles(gw)).toEqual(before);
  });

  it('an upload the client abandons halfway leaves no temp file and frees its slot', async () => {
    const { user, accessToken } = await gw.createUser('agent');
    const before = await mediaFiles(gw);
    const half = slowUpload(url, accessToken);
    await vi.waitFor(async () => expect(await tempFiles(gw)).toHaveLength(1), WAIT);
    half.abort();
    expect(await half.answer).toBe('aborted');
    await vi.waitFor(async () => expect(await tempFiles(gw)).toEqual([]), WAIT);
    await vi.waitFor(async () => expect(await inFlight(user.id)).toBe(0), WAIT);
    expect(await mediaFiles(gw)).toEqual(before);
  });

  it('a photo over the pixel limit is refused from its header, before decoding', async () => {
    const { accessToken } = await gw.createUser('agent');
    const side = Math.ceil(Math.sqrt(IMAGE_MAX_PIXELS)) + 10;
    const bomb = await sharp({
      create: { width: side, height: side, channels: 3, background: '#ffffff' },
    })
      .jpeg({ quality: 10 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * MB);
    const res = await upload(gw, accessToken).attach('file', bomb, {
      filename: '全景.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(UPLOAD_LIMIT_MESSAGES.imageTooManyPixels('全景.jpg'));
    expect(await tempFiles(gw)).toEqual([]);
  });

  it('a body without a length is refused with the message', async () => {
    const { accessToken } = await gw.createUser('agent');
    // Written in two pieces with no Content-Length: Node sends the body chunked.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${url}/api/media`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${accessToken}`,
          'Content-Type': 'multipart/form-data; boundary=x',
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('--x--');
      req.end('\r\n');
    });
    expect(answer.status).toBe(411);
    expect(JSON.parse(answer.body).error.message).toBe(UPLOAD_LIMIT_MESSAGES.sizeUnknown);
  });
});
