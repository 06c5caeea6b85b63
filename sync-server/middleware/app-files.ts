/**
 * The built app's files as the gateway sends them (routes/built-app.ts): the build's Brotli
 * or gzip file of each (scripts/precompress.ts), whichever the request accepts; and the hashed
 * files under /assets/ from memory once read.
 */
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';

/** The build's compressed files, by the encoding a request names and the file's suffix. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** A name the build gives a file in assets/: no folder, no leading dot. */
const HASHED_NAME = /^\/[\w-][\w.-]*$/;
/** A compressed file asked for by its own name: the disk's (precompressedFiles leaves it too). */
const COMPRESSED_NAME = /\.(br|gz)$/;

/** Sets a file's caching headers (by its path on disk). */
export type Caching = (res: Response, file: string) => void;

/**
 * Sends the build's Brotli or gzip file of a requested file (scripts/precompress.ts), whichever
 * the request accepts and the folder holds, with the file's own type and `caching`. Looked up on
 * disk for each request (one stat, as serving the file itself takes): a build put in place under a
 * running gateway is served as it is, files the new build did not compress included. Anything
 * else goes on to the next handler.
 */
export function precompressedFiles(dir: string, caching: Caching): RequestHandler {
  const serve = (suffix: string, encoding: string) =>
    express.static(dir, {
      index: false,
      setHeaders(res, file) {
        caching(res as Response, file);
        // The file's own type (send would name the compressed file's), set first: send keeps it.
        (res as Response).type(path.extname(file.slice(0, -suffix.length)));
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  const servers = PRECOMPRESSED.map(({ encoding, suffix }) => ({
    encoding,
    suffix,
    serve: serve(suffix, encoding),
  }));
  return (req, res, next) => {
    const asked = req.method === 'GET' || req.method === 'HEAD';
    // No Accept-Encoding: the file itself (the compression middleware decides as it does).
    if (!asked || !req.headers['accept-encoding'] || COMPRESSED_NAME.test(req.path)) return next();
    const accepted = servers.filter(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
    const original = req.url;
    const query = original.slice(req.path.length);
    const tryNext = (i: number): void => {
      const server = accepted[i];
      if (!server) {
        req.url = original;
        return next();
      }
      req.url = `${req.path}${server.suffix}${query}`;
      // No such file: the next encoding, then the file itself.
      server.serve(req, res, () => {
        req.url = original;
        tryNext(i + 1);
      });
    };
    tryNext(0);
  };
}

/** A file as sent: its bytes and the ETag made of them; null where the build made no such file. */
type Kept = { body: Buffer; etag: string } | null;

/**
 * A file younger than this may still be being written (a build put in place under a running
 * gateway): it is sent as read, but not kept.
 */
const SETTLED_MS = 2_000;

/**
 * The build's hashed files (`dir` is dist/assets/), kept in memory once read. A hashed file's name
 * is made of its content, so the bytes read once are its bytes for good, and a new build brings
 * new names. A service worker's install fetches every one of them (about 250), and each cost the
 * gateway a stat, an open, reads and a close, twice where it looked for a compressed file first.
 * Each is kept as sent: its Brotli or gzip file, whichever the request accepts and the build made,
 * or the file itself (which the compression middleware then compresses as before). That the build
 * made no compressed file of a file is kept too, once the file itself was found, so names not in
 * the build take no memory. Least recently used files leave first beyond `maxBytes` (config
 * APP_FILES_MEMORY_MB; 0: every request goes on to the disk). A request with a Range, a name the
 * build would not make or a file not on disk goes on to the next handler (the disk).
 */
export function hashedFiles(dir: string, caching: Caching, maxBytes: number): RequestHandler {
  if (maxBytes <= 0) return (_req, _res, next) => next();
  // By file name on disk (with its suffix), in the order of their last use; null: no such file.
  const kept = new Map<string, Kept>();
  let bytes = 0;

  const keep = (name: string, file: Kept) => {
    const size = file?.body.length ?? 0;
    if (size > maxBytes / 4) return;
    // Two requests that missed at once both read the file: counted once.
    if (kept.has(name)) bytes -= kept.get(name)?.body.length ?? 0;
    kept.set(name, file);
    bytes += size;
    for (const [oldest, old] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= old?.body.length ?? 0;
    }
  };
  /** The file, from memory or read (kept once settled); null: none on disk; undefined: unreadable. */
  const fileOf = async (name: string): Promise<Kept | undefined> => {
    const known = kept.get(name);
    if (known !== undefined) {
      // Used now: to the end of the order.
      kept.delete(name);
      kept.set(name, known);
      return known;
    }
    let handle: FileHandle | undefined;
    try {
      handle = await open(path.join(dir, name));
      const { mtimeMs, size } = await handle.stat();
      const body = await handle.readFile();
      const file = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      if (body.length === size && Date.now() - mtimeMs >= SETTLED_MS) keep(name, file);
      return file;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined;
    } finally {
      await handle?.close();
    }
  };

  return (req, res, next) => {
    const asked = req.method === 'GET' || req.method === 'HEAD';
    const hashed = HASHED_NAME.test(req.path) && !COMPRESSED_NAME.test(req.path);
    if (!asked || req.headers.range || !hashed) return next();
    const name = req.path.slice(1);
    const accepted = req.headers['accept-encoding']
      ? PRECOMPRESSED.filter(({ encoding }) => req.acceptsEncodings(encoding) === encoding)
      : [];
    const send = (file: NonNullable<Kept>, encoding?: string) => {
      caching(res, path.join(dir, name));
      res.type(path.extname(name));
      res.setHeader('ETag', file.etag);
      res.setHeader('Vary', 'Accept-Encoding');
      if (encoding) res.setHeader('Content-Encoding', encoding);
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Length', file.body.length);
      res.status(200).end(req.method === 'HEAD' ? undefined : file.body);
    };
    void (async () => {
      const missing: string[] = [];
      for (const { encoding, suffix } of accepted) {
        const compressed = await fileOf(`${name}${suffix}`);
        if (compressed === undefined) return next();
        if (compressed) return send(compressed, encoding);
        missing.push(`${name}${suffix}`);
      }
      const original = await fileOf(name);
      if (!original) return next();
      // Kept only with the file itself (settled: its build is done).
      if (kept.has(name))
        for (const variant of missing) if (!kept.has(variant)) keep(variant, null);
      send(original);
    })().catch(next);
  };
}
