/**
 * Content-addressed media files under the data dir, served at /media/<sha256>.<ext>.
 * The same bytes always land at the same name, so files are immutable and cacheable forever.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
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
    // A name of its own: two requests storing the same bytes at once must not share a temp file.
    const tmp = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, bytes);
      await rename(tmp, target);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
  }
  return MEDIA_URL_PREFIX + name;
}

/**
 * Stores the file at `source` (a temp file on the same disk) as `<sha256>.<ext>` by moving it, or
 * leaves it where it is when those bytes are already stored; hashed as a stream, so a video is
 * never held in memory. Returns its public URL.
 */
export async function moveMediaFile(
  mediaDir: string,
  source: string,
  ext: string,
): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(source)) hash.update(chunk as Buffer);
  const name = `${hash.digest('hex')}.${ext}`;
  const target = path.join(mediaDir, name);
  const exists = await stat(target).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await mkdir(mediaDir, { recursive: true });
    await rename(source, target);
  }
  return MEDIA_URL_PREFIX + name;
}
