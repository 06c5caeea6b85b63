/**
 * Content-addressed media files under the data dir, served at /media/<sha256>.<ext>.
 * The same bytes always land at the same name, so files are immutable and cacheable forever.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const MEDIA_URL_PREFIX = '/media/';

/** Stores `bytes` as `<sha256>.<ext>` in `mediaDir` (idempotent) and returns its public URL. */
export async function putMediaBuffer(
  mediaDir: string,
  bytes: Buffer,
  ext: string,
): Promise<string> {
  const name = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
  const target = path.join(mediaDir, name);
  const exists = await stat(target).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await mkdir(mediaDir, { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, target);
  }
  return MEDIA_URL_PREFIX + name;
}
