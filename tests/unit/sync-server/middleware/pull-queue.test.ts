/**
 * The pull queue: devices' pulls are served in arrival order, a few per turn of the event loop,
 * with the gateway's other work (a push's next step) going on between turns.
 */
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PullQueue } from '../../../../sync-server/middleware/pull-queue';

/** Resolves in the next turn's check phase, after the immediates already scheduled. */
const nextImmediate = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the pull queue', () => {
  it('serves pulls in arrival order, a few per turn, with other work between turns', async () => {
    const queue = new PullQueue(3);
    const events: string[] = [];
    for (let i = 0; i < 7; i++) queue.defer(() => events.push(`pull ${i}`));
    expect(events).toEqual([]);
    // Scheduled after the queue's first turn: runs after it and before the next (a push's step).
    await nextImmediate();
    events.push('other');
    await nextImmediate();
    events.push('other');
    await nextImmediate();
    expect(events).toEqual([
      'pull 0',
      'pull 1',
      'pull 2',
      'other',
      'pull 3',
      'pull 4',
      'pull 5',
      'other',
      'pull 6',
    ]);
    expect(queue.length).toBe(0);
  });

  it('serves fewer pulls in a turn after a new connection, then full turns again', async () => {
    const queue = new PullQueue(3, 1);
    const served: number[] = [];
    for (let i = 0; i < 9; i++) queue.defer(() => served.push(i));
    // libuv lets one connection in a turn: the turn after one is short, so the next comes soon.
    queue.connectionAccepted();
    await nextImmediate();
    expect(served).toEqual([0]);
    queue.connectionAccepted();
    await nextImmediate();
    expect(served).toEqual([0, 1]);
    // No connection since: a full turn.
    await nextImmediate();
    expect(served).toEqual([0, 1, 2, 3, 4]);
    await nextImmediate();
    expect(served).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('takes new pulls after it has emptied', async () => {
    const queue = new PullQueue(2);
    const served: number[] = [];
    queue.defer(() => served.push(1));
    await nextImmediate();
    queue.defer(() => served.push(2));
    expect(served).toEqual([1]);
    await nextImmediate();
    expect(served).toEqual([1, 2]);
  });

  it('queues only the requests it is told are pulls, and answers both kinds', async () => {
    const queue = new PullQueue(1);
    const app = express();
    app.use(queue.middleware((req) => req.path.endsWith('/pull')));
    app.get('/x/pull', (_req, res) => res.json({ pulled: true }));
    app.get('/x/other', (_req, res) => res.json({ queued: queue.length }));
    const pulls = await Promise.all(
      Array.from({ length: 4 }, () => request(app).get('/x/pull').expect(200)),
    );
    expect(pulls.map((r) => r.body)).toEqual(Array(4).fill({ pulled: true }));
    const other = await request(app).get('/x/other').expect(200);
    expect(other.body).toEqual({ queued: 0 });
  });

  it('does no work for a device that left while its pull waited', async () => {
    const queue = new PullQueue();
    const handler = queue.middleware(() => true);
    let served = 0;
    const gone = { socket: { destroyed: true } } as never;
    const here = { socket: { destroyed: false } } as never;
    handler(gone, {} as never, () => served++);
    handler(here, {} as never, () => served++);
    await nextImmediate();
    expect(served).toBe(1);
  });
});
