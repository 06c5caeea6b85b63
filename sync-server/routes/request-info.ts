/** What the routes read off a request: where it came from (for logs) and who is counted. */
import type { Request } from 'express';
import { DEVICE_ID_HEADER } from '@couchdb/model/sync';
import type { RequestInfo } from '../services/oplog-service';

/** The address and browser of a request, as the operation logs keep them. */
export const requestInfo = (req: Request): RequestInfo => ({
  ip: req.ip ?? '',
  userAgent: String(req.headers['user-agent'] ?? ''),
});

/** Who a counter counts: the signed-in user, else the device's own id, else the address. */
export function countedIdentity(req: Request): string {
  if (req.caller) return `u:${req.caller.id}`;
  const device = req.get(DEVICE_ID_HEADER);
  if (device && /^[A-Za-z0-9_-]{8,64}$/.test(device)) return `d:${device}`;
  return `ip:${req.ip ?? 'unknown'}`;
}
