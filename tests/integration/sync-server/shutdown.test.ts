/**
 * SIGTERM (issue 20) on the compiled gateway, run by node as in production, over its own embedded
 * store: pushes in flight at the signal are answered, the rest fail before reaching it and are
 * retried after a restart; in the end every listing is stored once with its one log entry (nothing
 * lost, nothing half-applied), and the process and its store exit within the shutdown bound.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OplogEntry } from '../../../couchdb/model/oplog';
import {
  STREAM_RECONNECT_MS,
  type PushResponse,
  type PushRow,
  type SyncDocument,
} from '../../../couchdb/model/sync';
import { buildGateway } from '../../../scripts/build-gateway';
import { buildNewListing } from '../../fixtures/builders';
import * as api from '../../helpers/sync-api';
import { startTestGateway } from '../../helpers/test-gateway';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** sync-server/index.ts: SHUTDOWN_LIMIT_MS. */
const SHUTDOWN_LIMIT_MS = 20_000;
const AGENT = { phone: '13800000002', password: 'Agent@2026' };
const ADMIN = { phone: '13800000001', password: 'Admin@2026' };
const LOOPS = 6;
const ROWS = 5;

let outDir: string;
let dataDir: string;
const running: ChildProcess[] = [];

/** node dist/index.js over `dataDir` (its embedded store, demo data on the first start). */
async function startCompiled(): Promise<{ child: ChildProcess; url: string }> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
  };
  delete env.COUCHDB_URL;
  const child = fork(path.join(outDir, 'index.js'), [], {
    execArgv: [],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (msg: { type?: string; port?: number }) => {
      if (msg?.type === 'listening' && msg.port) resolve(msg.port);
    });
    child.once('exit', (code) => reject(new Error(`gateway exited during start-up (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

const childPids = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Sent {
  rows: PushRow[];
  /** The answer, or undefined when the push failed without one (connection refused or cut). */
  answer?: PushResponse;
  status?: number;
  answeredAfterSignal?: boolean;
}

function pushRows(url: string, token: string, rows: PushRow[]) {
  return fetch(`${url}/api/sync/properties/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(rows),
  });
}

beforeAll(async () => {
  outDir = path.join(ROOT, 'tests', '.artifacts', `gateway-${randomBytes(4).toString('hex')}`);
  await buildGateway(outDir);
  dataDir = await mkdtemp(path.join(tmpdir(), 'cj-shutdown-'));
});

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(outDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

it('SIGTERM during pushes loses nothing and exits within its bound', async () => {
  const first = await startCompiled();
  const gatewayPid = first.child.pid!;
  const [storePid] = childPids(gatewayPid);
  expect(storePid).toBeGreaterThan(0);
  const agent = await api.signIn(first.url, AGENT.phone, AGENT.password);
  // A device's event stream, read to its end.
  const streamRes = await fetch(`${first.url}/api/sync/stream`, {
    headers: { Authorization: `Bearer ${agent.accessToken}` },
  });
  const streamText = streamRes.text();

  // LOOPS devices push listings back to back; SIGTERM lands once some pushes are answered.
  const sent: Sent[] = [];
  let signalled = false;
  let answeredBeforeSignal = 0;
  let resolveSignal!: () => void;
  const signalTime = new Promise<void>((resolve) => (resolveSignal = resolve));
  const device = async () => {
    for (;;) {
      const rows: PushRow[] = Array.from({ length: ROWS }, () => ({
        assumedMasterState: null,
        newDocumentState: buildNewListing(agent.userId) as unknown as SyncDocument,
      }));
      const push: Sent = { rows };
      sent.push(push);
      try {
        const res = await pushRows(first.url, agent.accessToken, rows);
        push.status = res.status;
        if (res.status !== 200) return; // refused while stopping: the device retries later
        push.answer = (await res.json()) as PushResponse;
        push.answeredAfterSignal = signalled;
        if (!signalled && ++answeredBeforeSignal === LOOPS) resolveSignal();
      } catch {
        return; // no answer: the device retries later
      }
    }
  };
  const devices = Array.from({ length: LOOPS }, device);
  await signalTime;
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
    const at = Date.now();
    first.child.once('exit', (code) => resolve({ code, ms: Date.now() - at }));
  });
  signalled = true;
  first.child.kill('SIGTERM');
  await Promise.all(devices);
  const { code, ms } = await exited;

  expect(code).toBe(0);
  expect(ms).toBeLessThan(SHUTDOWN_LIMIT_MS);
  expect(alive(storePid!)).toBe(false);
  // The stream was ended by the gateway, with the reconnect hint last.
  expect((await streamText).trimEnd().endsWith(`retry: ${STREAM_RECONNECT_MS}`)).toBe(true);
  // Pushes in flight at the signal were answered in full, by a store still running.
  const answered = sent.filter((s) => s.answer);
  expect(answered.filter((s) => s.answeredAfterSignal).length).toBeGreaterThan(0);
  for (const s of answered) {
    expect(s.answer!.rejections).toEqual([]);
    expect(s.answer!.conflicts).toEqual([]);
    expect(s.answer!.accepted).toHaveLength(ROWS);
  }

  // Restarted over the same data: the devices retry what got no answer.
  const second = await startCompiled();
  const again = await api.signIn(second.url, AGENT.phone, AGENT.password);
  for (const s of sent.filter((p) => !p.answer)) {
    const res = await pushRows(second.url, again.accessToken, s.rows);
    expect(res.status).toBe(200);
    const body = (await res.json()) as PushResponse;
    // Written now, or (if the first gateway wrote it before its answer was lost) already there.
    for (const row of s.rows) {
      const id = row.newDocumentState.id;
      const stored =
        body.accepted.find((d) => d.id === id) ?? body.conflicts.find((d) => d.id === id);
      expect(stored?.title).toBe(row.newDocumentState.title);
    }
    expect(body.rejections).toEqual([]);
  }

  const { byId } = await api.pullAll(second.url, again, 'properties');
  const admin = await api.signIn(second.url, ADMIN.phone, ADMIN.password);
  const { byId: log } = await api.pullAll<OplogEntry & { id: string }>(second.url, admin, 'oplog');
  const logged = new Map<string, number>();
  for (const entry of log.values())
    logged.set(entry.property_id, (logged.get(entry.property_id) ?? 0) + 1);
  const ids = sent.flatMap((s) => s.rows.map((r) => r.newDocumentState.id));
  expect(ids.length).toBeGreaterThan(LOOPS * ROWS);
  for (const id of ids) {
    expect(byId.get(id)?._deleted, id).toBeFalsy();
    expect(byId.has(id), id).toBe(true);
    expect(logged.get(id), `log entries of ${id}`).toBe(1);
  }

  const stopped = new Promise((resolve) => second.child.once('exit', resolve));
  second.child.kill('SIGTERM');
  expect(await stopped).toBe(0);
}, 120_000);

describe('draining', () => {
  it('answers not ready, ends streams with a reconnect hint and takes no new one; still alive', async () => {
    const gw = await startTestGateway();
    try {
      const user = await gw.createUser('user');
      await expect
        .poll(async () => (await request(gw.app).get('/api/health/ready')).status)
        .toBe(200);
      const server = await gw.listen();
      const open = await fetch(`${server.url}/api/sync/stream`, { headers: api.bearer(user) });
      const text = open.text();
      await expect.poll(() => gw.streams.size).toBe(1);

      gw.drain();
      expect(await text).toMatch(new RegExp(`retry: ${STREAM_RECONNECT_MS}\\n\\n$`));
      expect(gw.streams.size).toBe(0);
      const ready = await request(gw.app).get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ready: false, draining: true, store: true });
      expect(ready.headers.connection).toBe('close');
      expect((await request(gw.app).get('/api/health/live')).status).toBe(200);
      const late = await request(gw.app).get('/api/sync/stream').set(api.bearer(user));
      expect(late.status).toBe(503);
      await server.close();
    } finally {
      await gw.cleanup();
    }
  });
});
