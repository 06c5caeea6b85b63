/**
 * The project's CouchDB settings (couchdb/couchdb.ini with single-node.ini or cluster.ini) on a real
 * CouchDB 3 node: what an operator relies on when they deploy them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCouchDb3, type CouchDb3 } from '../helpers/couchdb3';

let couch: CouchDb3;
let auth: string;

beforeAll(async () => {
  couch = await startCouchDb3(1);
  const { username, password } = new URL(couch.url);
  auth = `Basic ${Buffer.from(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`).toString('base64')}`;
});
afterAll(() => couch?.stop());

const get = (path: string, signedIn: boolean) =>
  fetch(`${couch.origin}${path}`, signedIn ? { headers: { authorization: auth } } : {});

describe('the store settings on one CouchDB 3 node', () => {
  it('refuse every anonymous request, the welcome page and the list of databases included', async () => {
    for (const path of ['/', '/_all_dbs', '/_users/_all_docs']) {
      const res = await get(path, false);
      expect(res.status, path).toBe(401);
    }
    expect((await get('/', true)).status).toBe(200);
  });

  it('make a single node whole: its system databases exist without a cluster set-up', async () => {
    const res = await get('/_all_dbs', true);
    expect(await res.json()).toEqual(expect.arrayContaining(['_users', '_replicator']));
  });

  it('refuse a document over the size limit', async () => {
    const create = await fetch(`${couch.origin}/settings_check`, {
      method: 'PUT',
      headers: { authorization: auth },
    });
    expect(create.status).toBe(201);
    const big = await fetch(`${couch.origin}/settings_check/big`, {
      method: 'PUT',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
  });
});
