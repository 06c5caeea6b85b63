/**
 * The security headers on every answer (helmet): a content security policy for an installable PWA,
 * off in development, where Vite serves the client through the gateway.
 */
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';

/** CSP for an installable PWA: own scripts and service worker, blob: previews of photos and video. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"], // MUI/emotion injects <style> at run time
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // https: for one request only, the 360° overlay asking whether a tour's server answers at all
  // (the frame cannot say). It opens no new way out: frame-src https: already reaches any site.
  connectSrc: ["'self'", 'https:'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  frameSrc: ['https:'], // 360° panoramas are hosted elsewhere and shown in an iframe
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null, // the embedded default serves plain http on loopback
};

export function securityHeaders(env: Config['env']): RequestHandler {
  return helmet({
    contentSecurityPolicy:
      env === 'development' ? false : { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The headers `middleware` sets on every answer (helmet's: fixed for a configuration), as it sets
 * them, for an answer that does not pass through it.
 */
export function headersSetBy(middleware: RequestHandler): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  };
  middleware({} as Request, res as unknown as Response, (err?: unknown) => {
    if (err) throw err as Error;
  });
  return headers;
}
