/** What the routes read off a request: where it came from (for logs) and who is counted. */
import type { Request } from 'express';
import { DEVICE_ID_HEADER } from '@couchdb/model/sync';
import type { CountedPerson } from '../services/counter-service';
import type { RequestInfo } from '../services/oplog-service';

/** The address and browser of a request, as the operation logs keep them. */
export const requestInfo = (req: Pick<Request, 'ip' | 'headers'>): RequestInfo => ({
  ip: req.ip ?? '',
  userAgent: String(req.headers['user-agent'] ?? ''),
});

/**
 * Who a counter counts: the signed-in user, else the device's own id, else the address; with the
 * address beside it (a visitor is counted per device and address, an address only so many times).
 */
export function countedIdentity(req: Pick<Request, 'ip' | 'caller' | 'get'>): CountedPerson {
  const address = req.ip ?? 'unknown';
  if (req.caller) return { identity: `u:${req.caller.id}`, address };
  const device = req.get(DEVICE_ID_HEADER);
  if (device && /^[A-Za-z0-9_-]{8,64}$/.test(device)) return { identity: `d:${device}`, address };
  return { identity: `ip:${address}`, address };
}
