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
  const device = deviceOf(req);
  if (device) return { identity: device, address };
  return { identity: `ip:${address}`, address };
}

/**
 * Every name the person behind a request goes by: their counted identity and, signed in, also the
 * device they sent, so what a device did signed out and what its user then does signed in on it
 * count as one person's.
 */
export function countedNames(req: Pick<Request, 'ip' | 'caller' | 'get'>): string[] {
  const { identity } = countedIdentity(req);
  const device = deviceOf(req);
  return device && device !== identity ? [identity, device] : [identity];
}

/** `d:<device>` for a well-formed device id the request sent, else null. */
function deviceOf(req: Pick<Request, 'get'>): string | null {
  const device = req.get(DEVICE_ID_HEADER);
  return device && /^[A-Za-z0-9_-]{8,64}$/.test(device) ? `d:${device}` : null;
}
