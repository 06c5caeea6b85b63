/**
 * What the outbox's tests run on: the browser's IndexedDB (fake-indexeddb, with the classes the
 * `idb` wrapper checks values against) and a gateway speaking the resumable-upload protocol.
 */
import {
  IDBCursor,
  IDBDatabase,
  IDBFactory,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBRequest,
  IDBTransaction,
} from 'fake-indexeddb';
import { vi } from 'vitest';
import { HttpClient, type AccessTokens } from '@client/lib/http';

/** A fresh, empty IndexedDB for the test (undone by vi.unstubAllGlobals). */
export function stubIndexedDb(): void {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  vi.stubGlobal('IDBCursor', IDBCursor);
  vi.stubGlobal('IDBDatabase', IDBDatabase);
  vi.stubGlobal('IDBIndex', IDBIndex);
  vi.stubGlobal('IDBObjectStore', IDBObjectStore);
  vi.stubGlobal('IDBRequest', IDBRequest);
  vi.stubGlobal('IDBTransaction', IDBTransaction);
}

/** What the gateway stores an upload as (a new name for each). */
let stored = 0;
function storedMedia() {
  stored += 1;
  return { type: 'image', url: `/media/p${stored}.jpg`, thumbnail_url: `/media/p${stored}_t.jpg` };
}

export const GATEWAY_URL = 'http://gateway.test';

export interface FakeGateway {
  /** The fetch the client sends through. */
  fetch: typeof fetch;
  /** Names of the files whose bytes arrived, in order, with the token they came with. */
  received: { name: string; authorization: string | null }[];
  /** Answers byte requests with 503 (a server fault) while set. */
  failing: boolean;
}

/**
 * A gateway speaking the resumable-upload protocol (/api/uploads) that stores every upload in one
 * request, refuses a file named `bad.jpg` for its content, and answers an upload's bytes only once
 * `hold` (when given) resolves.
 */
export function fakeGateway(hold?: Promise<void>): FakeGateway {
  const names = new Map<string, string>();
  const lengths = new Map<string, string>();
  const gateway: FakeGateway = {
    received: [],
    failing: false,
    fetch: async (url, init) => {
      const headers = new Headers(init?.headers);
      if (init?.method === 'POST') {
        const metadata = Object.fromEntries(
          (headers.get('upload-metadata') ?? '').split(',').map((pair) => {
            const [key, value = ''] = pair.split(' ');
            return [key, Buffer.from(value, 'base64').toString()];
          }),
        );
        const id = `u${names.size + 1}`;
        names.set(id, metadata.filename ?? '');
        lengths.set(id, headers.get('upload-length') ?? '0');
        return new Response(null, { status: 201, headers: { Location: `/api/uploads/${id}` } });
      }
      const id = String(url).split('/').pop()!;
      // Asked how far an upload got: none of its bytes arrived (they come in one request).
      if (init?.method === 'HEAD')
        return new Response(null, {
          status: 200,
          headers: { 'Upload-Offset': '0', 'Upload-Length': lengths.get(id) ?? '0' },
        });
      const size = (init?.body as Blob).size;
      await hold;
      if (gateway.failing) return new Response('', { status: 503 });
      gateway.received.push({
        name: names.get(id) ?? '',
        authorization: headers.get('authorization'),
      });
      if (names.get(id) === 'bad.jpg')
        return Response.json(
          { error: { code: 'unsupported_media', message: '文件内容不是图片' } },
          { status: 415 },
        );
      const media = Buffer.from(JSON.stringify(storedMedia())).toString('base64url');
      return new Response(null, {
        status: 204,
        headers: { 'Upload-Offset': String(size), 'Upload-Media': media },
      });
    },
  };
  return gateway;
}

/** A client of `gateway` (the page's: its session's tokens, when given). */
export function clientOf(gateway: FakeGateway, tokens?: AccessTokens): HttpClient {
  return new HttpClient({ baseUrl: GATEWAY_URL, fetch: gateway.fetch, tokens });
}
