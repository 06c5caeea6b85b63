/** What the gateway says about uploads and listings, read by the upload tests over HTTP. */
import type { Property } from '@couchdb/model/property';
import { serverDocs, type Session } from '../../helpers/sync-api';

/** Bytes the gateway received through resumable uploads, from its metrics. */
export async function receivedUploadBytes(
  gatewayUrl: string,
  metricsToken: string,
): Promise<number> {
  const res = await fetch(`${gatewayUrl}/metrics`, {
    headers: { Authorization: `Bearer ${metricsToken}` },
  });
  const text = await res.text();
  return [...text.matchAll(/^gateway_upload_bytes_total\{request="\w+"\} (\d+)$/gm)].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );
}

/** The listing titled `title` on the server (as an admin reads it), or null. */
export async function serverListingTitled(
  gatewayUrl: string,
  admin: Session,
  title: string,
): Promise<Property | null> {
  const all = await serverDocs<Property>(gatewayUrl, admin, 'properties');
  return [...all.values()].find((p) => p.title === title && p.status !== 'deleted') ?? null;
}
