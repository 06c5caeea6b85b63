/**
 * What the device makes of the gateway's answer to a push (client/data/sync/push-answer.ts), row by
 * row: a row accepted as sent changes nothing; one stored otherwise than sent (server-owned fields)
 * is adopted as the server's version; a refusal is kept with its code, message and the server's
 * version (an error logged when that version is missing); a re-sent earlier version takes the
 * server's as it is; a clash goes back to RxDB's conflict handler; an answer about a row that was
 * not sent is ignored.
 */
import { describe, expect, it } from 'vitest';
import {
  SYNC_MESSAGES,
  type PushRejection,
  type PushResponse,
  type PushRow,
  type SyncDocument,
} from '@couchdb/model/sync';
import { readPushAnswer, type PushOutcome } from '@client/data/sync/push-answer';

/** A listing as the device holds it (overrides on top). */
const listing = (id: string, overrides: Partial<SyncDocument> = {}): SyncDocument => ({
  id,
  server_rev: `1-${id}`,
  title: `房源 ${id}`,
  price: 500_000,
  ...overrides,
});

/** A row the device pushes: an edit of `id` made on its server version. */
const edit = (id: string, overrides: Partial<SyncDocument> = {}): PushRow => ({
  assumedMasterState: listing(id),
  newDocumentState: listing(id, { price: 480_000, ...overrides }),
});

const sent = [edit('a'), edit('b'), edit('c')];
const [a, b, c] = sent.map((row) => row.newDocumentState) as [
  SyncDocument,
  SyncDocument,
  SyncDocument,
];

const answer = (parts: Partial<PushResponse>): PushResponse => ({
  accepted: [],
  conflicts: [],
  rejections: [],
  resent: [],
  ...parts,
});

const nothing: PushOutcome = { refusals: [], serverVersions: [], conflicts: [] };

/** `b` as the server holds it after a clash: another device's price, a later revision. */
const bOnServer = listing('b', { server_rev: '2-b', price: 490_000 });
const forbidden: PushRejection = { id: 'b', code: 'forbidden', message: '无权修改此房源' };
const tooLarge: PushRejection = {
  id: 'c',
  code: 'payload_too_large',
  message: SYNC_MESSAGES.docTooLarge,
};

const cases: [string, PushResponse, PushOutcome][] = [
  ['every row accepted as sent', answer({ accepted: [a, b, c] }), nothing],
  [
    'an accepted row whose stored version differs (server-owned fields) is adopted',
    answer({ accepted: [a, { ...b, server_rev: '2-b', view_count: 3 }, c] }),
    {
      refusals: [],
      serverVersions: ['b'],
      conflicts: [{ ...b, server_rev: '2-b', view_count: 3 }],
    },
  ],
  [
    'an accepted row that equals what was sent, keys in another order, is not adopted',
    answer({ accepted: [{ price: a.price, title: a.title, server_rev: a.server_rev, id: 'a' }] }),
    nothing,
  ],
  [
    'a clash goes back to RxDB with the server’s version, nothing recorded',
    answer({ accepted: [a, c], conflicts: [bOnServer] }),
    { refusals: [], serverVersions: [], conflicts: [bOnServer] },
  ],
  [
    'an accepted row that is also a conflict is not adopted twice',
    answer({ accepted: [{ ...b, server_rev: '2-b' }], conflicts: [bOnServer] }),
    { refusals: [], serverVersions: [], conflicts: [bOnServer] },
  ],
  [
    'a refusal is kept with its code, message and the server’s version',
    answer({ accepted: [a, c], conflicts: [bOnServer], rejections: [forbidden] }),
    {
      refusals: [
        {
          refusal: {
            collection: 'properties',
            doc: b,
            code: 'forbidden',
            message: '无权修改此房源',
            server_doc: bOnServer,
          },
          rejection: forbidden,
          withoutServerVersion: false,
        },
      ],
      serverVersions: [],
      conflicts: [bOnServer],
    },
  ],
  [
    'a refusal without the server’s version is kept with none, and flagged',
    answer({ accepted: [a, b], rejections: [tooLarge] }),
    {
      refusals: [
        {
          refusal: {
            collection: 'properties',
            doc: c,
            code: 'payload_too_large',
            message: SYNC_MESSAGES.docTooLarge,
            server_doc: null,
          },
          rejection: tooLarge,
          withoutServerVersion: true,
        },
      ],
      serverVersions: [],
      conflicts: [],
    },
  ],
  [
    'refusals are kept in the gateway’s order',
    answer({ conflicts: [bOnServer], rejections: [tooLarge, forbidden] }),
    {
      refusals: [
        expect.objectContaining({ rejection: tooLarge }),
        expect.objectContaining({ rejection: forbidden }),
      ],
      serverVersions: [],
      conflicts: [bOnServer],
    },
  ],
  [
    'an answer about a row that was not sent is ignored',
    answer({
      accepted: [listing('x', { price: 1 })],
      rejections: [{ id: 'x', code: 'forbidden', message: '无权修改此房源' }],
    }),
    nothing,
  ],
  [
    'a re-sent earlier server version takes the server’s current one as it is',
    answer({ accepted: [a, c], conflicts: [bOnServer], resent: ['b'] }),
    { refusals: [], serverVersions: ['b'], conflicts: [bOnServer] },
  ],
  [
    'all at once: re-sent versions before adopted ones, conflicts before adopted rows',
    answer({
      accepted: [{ ...a, server_rev: '2-a' }, c],
      conflicts: [bOnServer],
      resent: ['b'],
    }),
    {
      refusals: [],
      serverVersions: ['b', 'a'],
      conflicts: [bOnServer, { ...a, server_rev: '2-a' }],
    },
  ],
];

describe('the gateway’s answer to a push', () => {
  it.each(cases)('%s', (_case, gatewayAnswer, expected) => {
    expect(readPushAnswer('properties', sent, gatewayAnswer)).toEqual(expected);
  });
});
