/**
 * Test data for the browsing e2e tests, written the way the product writes it: the demo agent
 * uploads a video and publishes listings through the sync API, the demo admin approves them and
 * publishes an article. Also reads the store's view of listings and news through the same API.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { newId } from '@couchdb/model/common-facts';
import type { News } from '@couchdb/model/news';
import { DEMO_ACCOUNTS } from '@couchdb/seed/demo-data';
import { buildNewListing, buildNews, type NewListing } from '../../fixtures/builders';
import { bearer, insert, signIn, updateAccepted, type Session } from '../../helpers/sync-api';

export type DemoRole = 'admin' | 'agent' | 'user';

export type { Session };

export function demoAccount(role: DemoRole) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  return account;
}

/** Signs the demo account of this role in through the API. */
export function signInDemo(base: string, role: DemoRole): Promise<Session> {
  const account = demoAccount(role);
  return signIn(base, account.phone, account.password);
}

/** A short WebM clip recorded from a canvas in the browser (no video files in the repo). */
export async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(`(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320; canvas.height = 180;
    const ctx = canvas.getContext('2d');
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks = [];
    recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    const done = new Promise((r) => (recorder.onstop = r));
    recorder.start(100);
    const start = performance.now();
    await new Promise((resolve) => {
      const frame = () => {
        const t = performance.now() - start;
        ctx.fillStyle = 'hsl(' + Math.round(t / 10) % 360 + ',60%,50%)';
        ctx.fillRect(0, 0, 320, 180);
        ctx.fillStyle = '#fff';
        ctx.fillRect((t / 5) % 320, 80, 40, 20);
        if (t < 6000) requestAnimationFrame(frame); else resolve();
      };
      frame();
    });
    recorder.stop();
    await done;
    const buf = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let s = '';
    for (let i = 0; i < buf.length; i++) s += String.fromCharCode(buf[i]);
    return btoa(s);
  })()`);
  return Buffer.from(base64 as string, 'base64');
}

export async function uploadMedia(
  base: string,
  who: Session,
  bytes: Buffer,
  name: string,
  type: string,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${base}/api/media`, {
    method: 'POST',
    headers: bearer(who),
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { files: { url: string; thumbnail_url: string }[] }).files[0]!;
}

/** Publishes a listing as `owner` and has `admin` approve it; returns its id. */
export async function publishApproved(
  base: string,
  owner: Session,
  admin: Session,
  fields: Partial<NewListing>,
): Promise<string> {
  const id = await publishPending(base, owner, fields);
  await updateAccepted(base, admin, 'properties', id, { audit_status: 'approved' });
  return id;
}

/** What the browsing tests' listings share unless a test says otherwise (a contact without phone). */
const BROWSE_LISTING: Partial<NewListing> = {
  title: '测试房源',
  description: '用于浏览测试的房源，南北通透，采光好。',
  price: 880_000,
  area: 96,
  address: {
    province: '云南省',
    city: '澄江市',
    district: '凤麓街道',
    community: '测试小区',
    address: '测试路1号',
  },
  features: ['精装修'],
  contact: { name: '测试联系人' },
  contact_phone: undefined,
};

/** Publishes a listing as `owner` through the gateway (it waits for review); returns its id. */
export function publishPending(
  base: string,
  owner: Session,
  fields: Partial<NewListing>,
): Promise<string> {
  return insert(
    base,
    owner,
    'properties',
    buildNewListing(owner.userId, { ...BROWSE_LISTING, ...fields }),
  );
}

/** Publishes an article as the admin; returns its id. */
export async function publishNews(
  base: string,
  admin: Session,
  fields: Partial<News>,
): Promise<string> {
  const now = new Date().toISOString();
  return insert(
    base,
    admin,
    'news',
    buildNews({
      id: newId(),
      author_id: admin.userId,
      author_name: '测试编辑',
      title: '测试资讯',
      summary: '',
      content: '<p>正文</p>',
      category: 'policy',
      created_at: now,
      updated_at: now,
      ...fields,
    }),
  );
}

/**
 * A real photo (a lake at dusk, its sky in `sky`), so online it shows and photos of one listing can
 * be told apart by their colour.
 */
export function lakePhoto(sky = '#e9a66b'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="420" fill="${sky}"/><rect y="420" width="800" height="180" fill="#2d6cb5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
