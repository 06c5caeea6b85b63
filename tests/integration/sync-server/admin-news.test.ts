/**
 * News at the real gateway and store (issue 14): only admins write articles (create, edit, delete
 * refused for users and agents with the reason, the store left as it was); every admin write is
 * stored with its content sanitised by the article allow-list; drafts and archived articles never
 * reach a user's or a visitor's pull, publishing brings one there and archiving it sends a stub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../couchdb/model/common-facts';
import type { SyncCheckpoint, SyncDocument } from '../../../couchdb/model/sync';
import { ACCESS_MESSAGES } from '../../../couchdb/rules/access';
import { buildNews } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let admin: Account;
let user: Account;
let agent: Account;

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员甲');
  user = await gw.createUser('user', '普通用户乙');
  agent = await gw.createUser('agent', '经纪人丙');
});
afterAll(async () => {
  await gw?.cleanup();
});

const stored = async (id: string) =>
  (await gw.store
    .db('news')
    .get(id)
    .catch(() => null)) as Record<string, unknown> | null;

const DIRTY =
  '<h2>标题</h2><script>alert(1)</script><p onclick="x()">正文</p>' +
  '<img src="/media/a.jpg" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>' +
  '<iframe src="https://evil.example"></iframe><p style="color:red">样式</p>';
const CLEAN = '<h2>标题</h2><p>正文</p><img src="/media/a.jpg" /><a>链接</a><p>样式</p>';

describe('news writes at the gateway', () => {
  it.each(['user', 'agent'] as const)(
    'refuses a %s creating, editing or deleting an article',
    async (role) => {
      const caller = role === 'user' ? user : agent;
      const article = buildNews({
        id: newId(),
        author_id: admin.user.id,
        title: `${role}不能改的资讯`,
      });
      await api.insert(gw.app, admin, 'news', article);
      const before = await stored(article.id);

      const create = await api.pushDoc(
        gw.app,
        caller,
        'news',
        buildNews({ id: newId(), author_id: caller.user.id }),
      );
      const current = await api.master(gw.app, admin, 'news', article.id);
      const edit = await api.pushDoc(
        gw.app,
        caller,
        'news',
        { ...current, title: '改掉' },
        current,
      );
      const remove = await api.pushDoc(
        gw.app,
        caller,
        'news',
        { ...current, _deleted: true },
        current,
      );
      for (const res of [create, edit, remove]) {
        expect(res.body.rejections[0]).toMatchObject({
          code: 'forbidden',
          message: ACCESS_MESSAGES.newsAdminOnly,
        });
      }
      expect(await stored(article.id)).toEqual(before);
    },
  );

  it('stores an admin’s article with its content sanitised, on create and on edit', async () => {
    const article = buildNews({ id: newId(), author_id: admin.user.id, content: DIRTY });
    await api.insert(gw.app, admin, 'news', article);
    expect((await stored(article.id))?.content).toBe(CLEAN);

    await api.updateAccepted(gw.app, admin, 'news', article.id, {
      content: `<p>改后</p><a href="jAvAscript:alert(4)" onmouseover="y()">又一个</a>${DIRTY}`,
    });
    expect((await stored(article.id))?.content).toBe(`<p>改后</p><a>又一个</a>${CLEAN}`);
    // What devices replicate is the clean copy.
    expect((await api.master(gw.app, admin, 'news', article.id)).content).toBe(
      `<p>改后</p><a>又一个</a>${CLEAN}`,
    );
  });

  it('deletes an article for an admin', async () => {
    const id = await api.insert(
      gw.app,
      admin,
      'news',
      buildNews({ id: newId(), author_id: admin.user.id }),
    );
    const current = await api.master(gw.app, admin, 'news', id);
    const res = await api.pushDoc(gw.app, admin, 'news', { ...current, _deleted: true }, current);
    expect(res.body.rejections).toEqual([]);
    expect((await api.serverDocs(gw.app, admin, 'news')).has(id)).toBe(false);
  });
});

describe('who pulls which article', () => {
  it('keeps drafts from users and visitors, brings a published one, and a stub once archived', async () => {
    const readers = [null, user, agent];
    const marks = await Promise.all(
      readers.map(async (who) => (await api.pullAll(gw.app, who, 'news')).checkpoint),
    );
    const id = await api.insert(
      gw.app,
      admin,
      'news',
      buildNews({ id: newId(), author_id: admin.user.id, status: 'draft', title: '草稿资讯' }),
    );
    for (const [i, who] of readers.entries()) {
      const { byId } = await api.pullAll(gw.app, who, 'news', { from: marks[i] });
      expect(byId.has(id)).toBe(false);
      expect((await api.pullAll(gw.app, who, 'news')).byId.has(id)).toBe(false);
    }
    expect((await api.serverDocs(gw.app, admin, 'news')).get(id)).toMatchObject({
      status: 'draft',
    });

    await api.updateAccepted(gw.app, admin, 'news', id, { status: 'published' });
    await gw.feedCaughtUp(); // a visitor reads the feed as it is
    const held: (SyncCheckpoint | undefined)[] = [];
    for (const [i, who] of readers.entries()) {
      const pulled = await api.pullAll<SyncDocument>(gw.app, who, 'news', { from: marks[i] });
      expect(pulled.byId.get(id)).toMatchObject({ status: 'published', title: '草稿资讯' });
      held.push(pulled.checkpoint);
    }

    await api.updateAccepted(gw.app, admin, 'news', id, { status: 'archived' });
    await gw.feedCaughtUp();
    for (const [i, who] of readers.entries()) {
      // A device that held it gets a deletion stub, with none of the article's content.
      const stub = (
        await api.pullAll<SyncDocument>(gw.app, who, 'news', { from: held[i] })
      ).byId.get(id);
      expect(stub).toMatchObject({ id, _deleted: true });
      expect(stub).not.toHaveProperty('title');
      expect((await api.serverDocs(gw.app, who, 'news')).has(id)).toBe(false);
    }
    expect((await api.serverDocs(gw.app, admin, 'news')).get(id)).toMatchObject({
      status: 'archived',
    });
  });
});
