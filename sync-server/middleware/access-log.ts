/**
 * The access log: one line per API request, but for a device's pulls and the health probes. A
 * request outside it still gets a logger of its own (`req.log`, made only when used), so a failing
 * one is logged with its method and address (errorHandler).
 */
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { pulledCollection } from '../routes/sync';

/**
 * The requests the access log records: the API's, but for pulls and health probes. Not recorded:
 * a device's pulls, counted by the metrics (family pull), since 200 devices pull thousands of
 * times a minute and a request logger of its own costs each pull about a fifth of its time; the
 * app's files and first screens (a first visit fetches every file of the app); the health answers
 * a balancer's probe polls.
 */
const inAccessLog = (req: Request) =>
  req.url.startsWith('/api/') &&
  !req.url.startsWith('/api/health') &&
  pulledCollection(req) === undefined;

export function accessLog(logger: Logger): RequestHandler {
  const log = pinoHttp({
    logger,
    // 4xx are the callers' business (a visitor's refresh is an expected 401); only 5xx are errors.
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        ip: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
  return (req, res, next) => {
    if (inAccessLog(req)) return log(req, res, next);
    let own: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (own ??= logger.child({ req: { method: req.method, url: req.originalUrl } })),
    });
    next();
  };
}
