/**
 * Demand status changes and deletions against the real gateway and store (issue 14, product §2
 * "Admin demands", §4, §6): a user or an agent is refused both on someone else's demand with the
 * reason, the store left as it was; the demand's owner and any admin are accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushRow, SyncDocument } from '../../../couchdb/model/sync';
import { ACCESS_MESSAGES } from '../../../couchdb/rules/access';
import { buildNewDemand } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway, type TestGateway } from '../../helpers/test-gateway';
import type { Account } from '../../helpers/accounts';

let gw: TestGateway;
let admin: Account;
let owner: Account;
const callers = {} as Record<'user' | 'agent', Account>;

/** The raw stored document (revision included), or null. */
const stored = async (id: string) =>
  (await gw.store
    .db('demands')
    .get(id)
    .catch(() => null)) as Record<string, unknown> | null;

const createDemand = (who: Account, title: string): Promise<string> =>
  api.insert(gw.app, who, 'demands', buildNewDemand(who.user.id, { title }));

/** A row changing the server's version (as an admin's device holds it) by `patch`. */
const patchRow = (id: string, patch: object): Promise<PushRow> =>
  api.patchRow(gw.app, admin, 'demands', id, patch);

/** A row deleting the server's version (as an admin's device holds it). */
async function deleteRow(id: string): Promise<PushRow> {
  const current = await api.master(gw.app, admin, 'demands', id);
  return { assumedMasterState: current, newDocumentState: { ...current, _deleted: true } };
}

beforeAll(async () => {
  gw = await startTestGateway();
  admin = await gw.createUser('admin', '管理员甲');
  owner = await gw.createUser('user', '需求发布人');
  callers.user = await gw.createUser('user', '普通用户丙');
  callers.agent = await gw.createUser('agent', '经纪人丁');
});
afterAll(async () => {
  await gw?.cleanup();
});

describe.each(['user', 'agent'] as const)(
  "a caller of role %s on someone else's demand",
  (role) => {
    it.each([
      ['marks it completed', (id: string) => patchRow(id, { status: 'completed' })],
      ['pauses it', (id: string) => patchRow(id, { status: 'inactive' })],
      ['deletes it', deleteRow],
    ])(
      'is refused when it %s: the reason, the server version back, the store unchanged',
      async (_label, row) => {
        const id = await createDemand(owner, `${role}：别人的需求`);
        const r = await row(id);
        const before = await stored(id);

        const res = await api.push(gw.app, callers[role], 'demands', [r]);
        expect(res.status).toBe(200);
        expect(res.body.rejections).toEqual([
          { id, code: 'forbidden', message: ACCESS_MESSAGES.notOwner },
        ]);
        expect(res.body.accepted).toEqual([]);
        expect(res.body.conflicts.map((d: SyncDocument) => d.id)).toEqual([id]);
        expect(await stored(id)).toEqual(before);
        expect(before).toMatchObject({ status: 'active', user_id: owner.user.id });
      },
    );

    it('does not even receive the demand', async () => {
      const id = await createDemand(owner, `${role}：看不到的需求`);
      expect((await api.pullAll(gw.app, callers[role], 'demands')).byId.has(id)).toBe(false);
    });
  },
);

describe.each([
  ['its owner', () => owner],
  ['an admin', () => admin],
] as const)('%s', (_label, who) => {
  it('changes the status among the three states, the publisher kept', async () => {
    const id = await createDemand(owner, '状态会变化的需求');
    for (const status of ['completed', 'inactive', 'active'] as const) {
      const res = await api.push(gw.app, who(), 'demands', [await patchRow(id, { status })]);
      expect(res.body.rejections).toEqual([]);
      expect(res.body.conflicts).toEqual([]);
      expect(res.body.accepted).toHaveLength(1);
      expect(await stored(id)).toMatchObject({
        status,
        user_id: owner.user.id,
        user: { name: '需求发布人', user_type: 'user' },
      });
    }
  });

  it('cannot set a status outside the spec', async () => {
    const id = await createDemand(owner, '状态无效的需求');
    const before = await stored(id);
    const res = await api.push(gw.app, who(), 'demands', [
      await patchRow(id, { status: 'deleted' }),
    ]);
    expect(res.body.rejections).toEqual([
      expect.objectContaining({ id, code: 'validation_failed' }),
    ]);
    expect(await stored(id)).toEqual(before);
  });

  it('deletes the demand: gone from the owner and the admin', async () => {
    const id = await createDemand(owner, '会被删除的需求');
    const res = await api.push(gw.app, who(), 'demands', [await deleteRow(id)]);
    expect(res.body.rejections).toEqual([]);
    expect(res.body.accepted).toHaveLength(1);
    expect((await api.serverDocs(gw.app, owner, 'demands')).has(id)).toBe(false);
    expect((await api.serverDocs(gw.app, admin, 'demands')).has(id)).toBe(false);
  });
});
