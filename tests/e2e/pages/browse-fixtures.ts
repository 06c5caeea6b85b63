/**
 * Test data for the browsing e2e tests, written the way the product writes it: the demo agent
 * uploads a video and publishes listings through the sync API, the demo admin approves them and
 * publishes an article. Also reads the store's view of listings and news through the same API.
 */
import type { Page } from 'playwright-core';
import { newId } from '@couchdb/model/common';
import type { News } from '@couchdb/model/news';
import type { Property } from '@couchdb/model/property';
import type { PullResponse, PushResponse, SyncDocument } from '@couchdb/model/sync';
import { DEMO_ACCOUNTS } from '@couchdb/seed/demo-data';

export type DemoRole = 'admin' | 'agent' | 'user';

export interface Session {
  token: string;
  userId: string;
  phone: string;
  password: string;
}

export function demoAccount(role: DemoRole) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  return account;
}

export async function login(base: string, role: DemoRole): Promise<Session> {
  const account = demoAccount(role);
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: account.phone, password: account.password }),
  });
  if (!res.ok) throw new Error(`login ${role}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; user: { id: string } };
  return {
    token: body.accessToken,
    userId: body.user.id,
    phone: account.phone,
    password: account.password,
  };
}

/** Every document of a collection as `who` sees it (null = a visitor). */
export async function pullAll<T = SyncDocument>(
  base: string,
  collection: string,
  who: Session | null,
): Promise<Map<string, T>> {
  const docs = new Map<string, T>();
  let checkpoint: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: '500', ...(checkpoint ? { checkpoint } : {}) });
    const res = await fetch(`${base}/api/sync/${collection}/pull?${query}`, {
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
    });
    if (!res.ok) throw new Error(`pull ${collection}: ${res.status}`);
    const body = (await res.json()) as PullResponse;
    for (const d of body.documents) {
      if (d._deleted) docs.delete(d.id);
      else docs.set(d.id, d as T);
    }
    checkpoint = body.checkpoint?.seq;
    if (body.documents.length < 500) return docs;
  }
}

export async function push(
  base: string,
  who: Session,
  collection: string,
  doc: object,
  master: object | null,
) {
  const res = await fetch(`${base}/api/sync/${collection}/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
    body: JSON.stringify([{ assumedMasterState: master, newDocumentState: doc }]),
  });
  const body = (await res.json()) as PushResponse;
  if (!res.ok || body.rejections.length > 0 || body.conflicts.length > 0)
    throw new Error(`push ${collection}: ${res.status} ${JSON.stringify(body)}`);
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
    headers: { authorization: `Bearer ${who.token}` },
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
  fields: Partial<Property>,
): Promise<string> {
  const id = await publishPending(base, owner, fields);
  const master = (await pullAll(base, 'properties', admin)).get(id);
  if (!master) throw new Error('the admin cannot see the new listing');
  await push(base, admin, 'properties', { ...master, audit_status: 'approved' }, master);
  return id;
}

/** Publishes a listing as `owner` through the gateway (it waits for review); returns its id. */
export async function publishPending(
  base: string,
  owner: Session,
  fields: Partial<Property>,
): Promise<string> {
  const now = new Date().toISOString();
  const id = newId();
  const doc: Partial<Property> = {
    id,
    user_id: owner.userId,
    title: '测试房源',
    description: '用于浏览测试的房源，南北通透，采光好。',
    type: 'sale',
    price: 880_000,
    area: 96,
    bedrooms: 3,
    rooms: '3室2厅1卫',
    address: {
      province: '云南省',
      city: '澄江市',
      district: '凤麓街道',
      community: '测试小区',
      address: '测试路1号',
    },
    status: 'active',
    audit_status: 'pending',
    audit_comment: '',
    audited_by: null,
    audited_at: null,
    is_priority: false,
    is_featured: false,
    view_count: 0,
    features: ['精装修'],
    contact: { name: '测试联系人' },
    images: [],
    media_items: [],
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await push(base, owner, 'properties', doc, null);
  return id;
}

/** Publishes an article as the admin; returns its id. */
export async function publishNews(
  base: string,
  admin: Session,
  fields: Partial<News>,
): Promise<string> {
  const now = new Date().toISOString();
  const id = newId();
  await push(
    base,
    admin,
    'news',
    {
      id,
      author_id: admin.userId,
      author_name: '测试编辑',
      title: '测试资讯',
      summary: '',
      content: '<p>正文</p>',
      category: 'policy',
      status: 'published',
      image_url: '',
      view_count: 0,
      like_count: 0,
      created_at: now,
      updated_at: now,
      ...fields,
    },
    null,
  );
  return id;
}

/** Polls `read` until `done` holds (server-side effects of counters arrive asynchronously). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}
