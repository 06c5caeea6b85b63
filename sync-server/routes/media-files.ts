/**
 * /media: the stored photos and videos, cached forever (a name never changes its bytes), and
 * before them a photo's sized WebP copies (/media/w480/<name>, photo-variants.ts).
 */
import path from 'node:path';
import express, { Router } from 'express';
import { photoVariants } from '../media/photo-variants';

export function mediaFileRoutes(dataDir: string): Router {
  const router = Router();
  router.use(photoVariants(dataDir));
  router.use(
    express.static(path.join(dataDir, 'media'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  return router;
}
