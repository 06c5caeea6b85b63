/**
 * POST /api/media against the real gateway (issue 6): photos are re-encoded without EXIF and with a
 * thumbnail, videos kept, and every bad upload is refused with its message, storing nothing.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../../couchdb/model/media-facts';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';

let gw: TestGateway;
let token: string;
const files = async (dir: string) =>
  (await readdir(path.join(gw.config.dataDir, dir)).catch(() => [] as string[])).sort();

/** A real JPEG with EXIF GPS data, `width`×`height`. */
async function photo(width = 3000, height = 2000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 40/1 0/1' },
    })
    .toBuffer();
}

/** The opening of an MP4 file (an ftyp box), enough for magic-byte detection. */
function mp4(size = 4096): Buffer {
  const head = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2mp41'),
  ]);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 1)]);
}

const upload = () => request(gw.app).post('/api/media').set('Authorization', `Bearer ${token}`);

beforeAll(async () => {
  gw = await startTestGateway();
  token = (await gw.createUser('agent')).accessToken;
});
afterAll(async () => {
  await gw?.cleanup();
});

describe('POST /api/media', () => {
  it('re-encodes a photo without EXIF/GPS, caps its size, adds a thumbnail, and serves both', async () => {
    const source = await photo();
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const res = await upload().attach('file', source, {
      filename: '客厅.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.status).toBe(201);
    const [stored] = res.body.files;
    expect(stored).toMatchObject({ type: 'image', width: 2048, height: 1365, name: '客厅.jpg' });
    expect(stored.url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    expect(stored.thumbnail_url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    const saved = await readFile(path.join(gw.config.dataDir, stored.url));
    const meta = await sharp(saved).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBe(2048);
    const thumb = await sharp(
      await readFile(path.join(gw.config.dataDir, stored.thumbnail_url)),
    ).metadata();
    expect(thumb.format).toBe('webp');
    const served = await request(gw.app).get(stored.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('accepts PNG and WebP (stored as JPEG) and a video (kept as sent), several in one request', async () => {
    const png = await sharp({
      create: { width: 400, height: 300, channels: 4, background: '#ff000080' },
    })
      .png()
      .toBuffer();
    const webp = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#0000ff' },
    })
      .webp()
      .toBuffer();
    const video = mp4();
    const res = await upload()
      .attach('file', png, { filename: 'a.png', contentType: 'image/png' })
      .attach('file', webp, { filename: 'b.webp', contentType: 'image/webp' })
      .attach('file', video, { filename: '看房.mp4', contentType: 'video/mp4' });
    expect(res.status).toBe(201);
    expect(res.body.files.map((f: { type: string }) => f.type)).toEqual([
      'image',
      'image',
      'video',
    ]);
    expect(res.body.files[2].url).toMatch(/\.mp4$/);
    expect(await readFile(path.join(gw.config.dataDir, res.body.files[2].url))).toEqual(video);
  });

  it('refuses callers who are not signed in', async () => {
    const res = await request(gw.app)
      .post('/api/media')
      .attach('file', await photo(10, 10), 'a.jpg');
    expect(res.status).toBe(401);
  });

  describe('bad uploads: refused with the message, nothing stored, the gateway unharmed', () => {
    const cases: [string, () => Promise<request.Response>, number, string][] = [
      [
        'a text file named .jpg',
        async () =>
          upload().attach('file', Buffer.from('not an image at all'), {
            filename: 'x.jpg',
            contentType: 'image/jpeg',
          }),
        415,
        UPLOAD_MESSAGES.damagedImage('x.jpg'),
      ],
      [
        'a photo with a wrong extension',
        async () =>
          upload().attach('file', await photo(20, 20), {
            filename: 'setup.exe',
            contentType: 'application/octet-stream',
          }),
        415,
        UPLOAD_MESSAGES.unsupportedImage('exe'),
      ],
      [
        'a photo with a forged content type',
        async () =>
          upload().attach('file', await photo(20, 20), { filename: 'x', contentType: 'text/html' }),
        415,
        UPLOAD_MESSAGES.unsupportedImage('text/html'),
      ],
      [
        'a photo posing as a video',
        async () =>
          upload().attach('file', await photo(20, 20), {
            filename: 'x.mp4',
            contentType: 'video/mp4',
          }),
        415,
        UPLOAD_MESSAGES.damagedVideo('x.mp4'),
      ],
      [
        'an HTML page posing as a photo',
        async () =>
          upload().attach('file', Buffer.from('<html><script>alert(1)</script></html>'), {
            filename: 'x.png',
            contentType: 'image/png',
          }),
        415,
        UPLOAD_MESSAGES.damagedImage('x.png'),
      ],
      [
        'an image over 5 MB',
        async () =>
          upload().attach(
            'file',
            Buffer.concat([await photo(20, 20), Buffer.alloc(5 * 1024 * 1024 + 10)]),
            { filename: '大图.jpg', contentType: 'image/jpeg' },
          ),
        413,
        UPLOAD_MESSAGES.imageTooLarge('大图.jpg'),
      ],
      [
        'a file over 50 MB',
        async () =>
          upload().attach('file', mp4(50 * 1024 * 1024 + 10), {
            filename: 'long.mp4',
            contentType: 'video/mp4',
          }),
        413,
        UPLOAD_MESSAGES.overSizeLimit,
      ],
      [
        'an empty file',
        async () =>
          upload().attach('file', Buffer.alloc(0), {
            filename: 'empty.jpg',
            contentType: 'image/jpeg',
          }),
        400,
        UPLOAD_MESSAGES.emptyFile('empty.jpg'),
      ],
      [
        // Built by hand: form libraries strip directories from names before sending.
        'a path-traversal filename',
        async () => {
          const boundary = '----cjtraversal';
          const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
          const body = Buffer.concat([
            Buffer.from(head),
            await photo(20, 20),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          return upload()
            .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
            .send(body);
        },
        400,
        UPLOAD_MESSAGES.badFileName,
      ],
      ['no file', async () => upload().field('note', 'x'), 400, UPLOAD_MESSAGES.noFile],
      [
        'too many files',
        async () => {
          const small = await photo(10, 10);
          let req = upload();
          for (let i = 0; i < 11; i++)
            req = req.attach('file', small, { filename: `p${i}.jpg`, contentType: 'image/jpeg' });
          return req;
        },
        400,
        UPLOAD_MESSAGES.tooManyMedia(),
      ],
      [
        'a good photo with a bad one',
        async () =>
          upload()
            .attach('file', await photo(30, 30), {
              filename: 'good.jpg',
              contentType: 'image/jpeg',
            })
            .attach('file', Buffer.from('junk'), {
              filename: 'bad.jpg',
              contentType: 'image/jpeg',
            }),
        415,
        UPLOAD_MESSAGES.damagedImage('bad.jpg'),
      ],
    ];
    it.each(cases)('%s', async (_label, send, status, message) => {
      const before = await files('media');
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body.error.message).toBe(message);
      expect(await files('media')).toEqual(before);
      expect(await files('uploads-tmp')).toEqual([]);
      expect((await request(gw.app).get('/api/health')).status).toBe(200);
    });

    it('a truncated multipart body', async () => {
      const before = await files('media');
      const boundary = '----cjboundary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0partial`;
      const res = await upload()
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(UPLOAD_MESSAGES.uploadFailed);
      expect(await files('media')).toEqual(before);
      expect(await files('uploads-tmp')).toEqual([]);
    });
  });
});
