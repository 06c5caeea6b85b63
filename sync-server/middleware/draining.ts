/** While the gateway drains for a shutdown, every answer closes its connection. */
import type { RequestHandler } from 'express';

/** Callers on a kept-alive connection open a new one, to a gateway that stays. */
export const closeWhenDraining =
  (draining: () => boolean): RequestHandler =>
  (_req, res, next) => {
    if (draining()) res.set('Connection', 'close');
    next();
  };
