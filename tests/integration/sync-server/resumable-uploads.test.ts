/**
 * /api/uploads (tus) against the real gateway and store: a photo sent in two requests is stored
 * like POST /api/media stores it, a lost answer is asked for again, and every refusal holds: no
 * token, another user's upload, today's quota, a file the media checks refuse; a half-finished
 * upload is deleted once it has expired.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MB } from '../../../couchdb/model/constants';
import { UPLOAD_MESSAGES } from '../../../couchdb/model/media-facts';
import {
  MEDIA_DAILY_QUOTA_BYTES,
  UPLOAD_LIMIT_MESSAGES,
} from '../../../couchdb/model/upload-limits';
import { formatDate } from '../../../couchdb/rules/format';
import { UPLOAD_MEDIA_HEADER } from '../../../sync-server/routes/uploads';
import type { Account } from '../../helpers/accounts';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

let gw: TestGateway;
let owner: Account;
let other: Account;
let photo: Buffer;

const TUS = { 'Tus-Resumable': '1.0.0' };
const meta = (name: string, type: string) =>
  `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;
const auth = (who: Account | null) => (who ? { Authorization: `Bearer ${who.accessToken}` } : {});

/** Creates an upload; the answer (Location on 201). */
const create = (who: Account | null, name: string, type: string, size: number, g = gw) =>
  request(g.app)
    .post('/api/uploads')
    .set({
      ...TUS,
      ...auth(who),
      'Upload-Length': String(size),
      'Upload-Metadata': meta(name, type),
    });

const send = (who: Account | null, location: string, offset: number, bytes: Buffer, g = gw) =>
  request(g.app)
    .patch(location)
    .set({
      ...TUS,
      ...auth(who),
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    })
    .send(bytes);

const head = (who: Account | null, location: string, g = gw) =>
  request(g.app)
    .head(location)
    .set({ ...TUS, ...auth(who) });

const mediaOf = (res: request.Response) =>
  JSON.parse(
    Buffer.from(res.headers[UPLOAD_MEDIA_HEADER.toLowerCase()]!, 'base64url').toString(),
  ) as {
    type: string;
    url: string;
    width: number;
    height: number;
  };

const errorOf = (res: request.Response) =>
  (JSON.parse(res.text) as { error: { code: string; message: string } }).error;

/** The gateway's resumable-upload byte counters, from /metrics. */
async function receivedBytes(g: TestGateway): Promise<{ first: number; resumed: number }> {
  const text = (await request(g.app).get('/metrics').set('Authorization', 'Bearer m')).text;
  const count = (kind: string) =>
    Number(new RegExp(`gateway_upload_bytes_total\\{request="${kind}"\\} (\\d+)`).exec(text)?.[1]);
  return { first: count('first'), resumed: count('resumed') };
}

beforeAll(async () => {
  gw = await startTestGateway({ metricsToken: 'm' });
  owner = await gw.createUser('agent', '经纪人');
  other = await gw.createUser('user', '买家');
  // Noise: a photo that does not compress to nothing.
  photo = await sharp(
    Buffer.from(Array.from({ length: 1200 * 900 * 3 }, () => (Math.random() * 255) | 0)),
    {
      raw: { width: 1200, height: 900, channels: 3 },
    },
  )
    .jpeg({ quality: 90 })
    .toBuffer();
});
afterAll(async () => {
  await gw?.cleanup();
});

describe('a resumable upload', () => {
  it('sent in two requests is stored as a photo, the second request carrying the rest only', async () => {
    const before = await receivedBytes(gw);
    const created = await create(owner, '客厅.jpg', 'image/jpeg', photo.length);
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    const half = Math.floor(photo.length / 2);
    expect((await send(owner, location, 0, photo.subarray(0, half))).status).toBe(204);
    // After a dropped connection the device asks how far it got, and sends from there.
    const where = await head(owner, location);
    expect(where.headers['upload-offset']).toBe(String(half));
    const done = await send(owner, location, half, photo.subarray(half));
    expect(done.status).toBe(204);
    const stored = mediaOf(done);
    expect(stored).toMatchObject({ type: 'image', width: 1200, height: 900 });
    const file = await request(gw.app).get(stored.url);
    expect(file.status).toBe(200);
    // The answer again, for a device that lost it.
    const again = await head(owner, location);
    expect(again.status).toBe(200);
    expect(again.headers['upload-offset']).toBe(String(photo.length));
    expect(mediaOf(again).url).toBe(stored.url);
    await vi.waitFor(async () => {
      const after = await receivedBytes(gw);
      expect(after.first - before.first).toBe(half);
      expect(after.resumed - before.resumed).toBe(photo.length - half);
    });
  });

  it('is refused without a token', async () => {
    const created = await create(null, 'a.jpg', 'image/jpeg', 100);
    expect(created.status).toBe(401);
    const mine = (await create(owner, 'a.jpg', 'image/jpeg', photo.length)).headers.location!;
    expect((await send(null, mine, 0, photo)).status).toBe(401);
    expect((await head(null, mine)).status).toBe(401);
  });

  it("is another user's to neither read nor continue nor delete, finished or not", async () => {
    const location = (await create(owner, 'b.jpg', 'image/jpeg', photo.length)).headers.location!;
    expect((await send(owner, location, 0, photo.subarray(0, 10))).status).toBe(204);
    expect((await head(other, location)).status).toBe(404);
    expect((await send(other, location, 10, photo.subarray(10))).status).toBe(404);
    const removed = await request(gw.app)
      .delete(location)
      .set({ ...TUS, ...auth(other) });
    expect(removed.status).toBe(404);
    expect((await head(owner, location)).headers['upload-offset']).toBe('10');
    expect((await send(owner, location, 10, photo.subarray(10))).status).toBe(204);
    expect((await head(other, location)).status).toBe(404);
    // An id that is not one of the gateway's never reaches the disk.
    expect((await head(owner, '/api/uploads/..%2F..%2Fsecrets')).status).toBe(404);
  });

  it('is refused beyond today’s quota, before any byte is sent', async () => {
    const spender = await gw.createUser('user', '用户');
    await gw.store.db('uploads').insert({
      _id: `quota:${spender.user.id}`,
      account_id: spender.user.id,
      day: formatDate(Date.now()),
      bytes: MEDIA_DAILY_QUOTA_BYTES - MB,
      leases: [],
    } as never);
    const refused = await create(spender, '视频.mp4', 'video/mp4', 2 * MB);
    expect(refused.status).toBe(429);
    expect(errorOf(refused).message).toBe(UPLOAD_LIMIT_MESSAGES.overDailyQuota);
    expect((await create(spender, '小视频.mp4', 'video/mp4', MB / 2)).status).toBe(201);
  });

  it('is refused for what the media checks refuse: its name, type, size or content', async () => {
    const exe = await create(owner, 'setup.exe', 'application/x-msdownload', 100);
    expect(exe.status).toBe(415);
    expect(errorOf(exe).message).toBe(UPLOAD_MESSAGES.unsupportedImage('exe'));
    const big = await create(owner, '大图.jpg', 'image/jpeg', 6 * MB);
    expect(big.status).toBe(413);
    expect(errorOf(big).message).toBe(UPLOAD_MESSAGES.imageTooLarge('大图.jpg'));
    // Named a photo, a text inside: refused once every byte is there, and nothing is kept.
    const text = Buffer.from('not a photo at all');
    const location = (await create(owner, '假图.jpg', 'image/jpeg', text.length)).headers.location!;
    const refused = await send(owner, location, 0, text);
    expect(refused.status).toBe(415);
    expect(errorOf(refused).message).toBe(UPLOAD_MESSAGES.damagedImage('假图.jpg'));
    expect((await head(owner, location)).status).toBe(404);
  });
});

describe('a half-finished upload', () => {
  it('is deleted once it has expired, bytes and all', async () => {
    const short = await startTestGateway({ resumableUploadExpiryMs: 3_000 });
    try {
      const agent = await short.createUser('agent', '经纪人');
      const location = (await create(agent, 'c.jpg', 'image/jpeg', photo.length, short)).headers
        .location!;
      expect((await send(agent, location, 0, photo.subarray(0, 100), short)).status).toBe(204);
      const folder = path.join(short.config.dataDir, 'uploads-resumable');
      const id = path.basename(location);
      expect(await readdir(folder)).toContain(id);
      await vi.waitFor(
        async () => {
          expect(await short.uploads.cleanUp()).toBeGreaterThan(0);
        },
        { timeout: 15_000, interval: 200 },
      );
      expect((await readdir(folder)).filter((name) => name.startsWith(id))).toEqual([]);
      expect((await head(agent, location, short)).status).toBe(404);
    } finally {
      await short.cleanup();
    }
  });
});
