/**
 * The security headers on every answer (helmet): a content security policy for an installable PWA,
 * off in development, where Vite serves the client through the gateway.
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { MapTileSource } from '@couchdb/model/map-facts';
import { EARLY_TAPS_SCRIPT } from '@client/ssr/early-taps-script';
import type { Config } from '../config';

/** A CSP source that allows one inline script, by its content's hash. */
export function inlineScriptSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * CSP for an installable PWA: own scripts and service worker, blob: previews of photos and video;
 * one inline script, the rendered pages' tap keeper (client/ssr/early-taps-script.ts).
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", inlineScriptSource(EARLY_TAPS_SCRIPT)],
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

/**
 * The directives with the operator's map tile source allowed: its tiles are images, and a map
 * fetches them when it keeps them for offline use (a tile source on the gateway needs nothing).
 */
export function cspDirectives(tiles: MapTileSource | null): typeof CSP_DIRECTIVES {
  if (!tiles || tiles.url.startsWith('/')) return CSP_DIRECTIVES;
  // {s} (a, b, c: Leaflet's subdomains) makes its host label a wildcard.
  const url = new URL(tiles.url.replace(/\{s\}/g, 'cjsub').replace(/\{[zxy]\}/g, '0'));
  const host = url.host
    .split('.')
    .map((label) => (label.includes('cjsub') ? '*' : label))
    .join('.');
  const origin = `${url.protocol}//${host}`;
  return {
    ...CSP_DIRECTIVES,
    imgSrc: [...CSP_DIRECTIVES.imgSrc, origin],
    connectSrc: [...CSP_DIRECTIVES.connectSrc, origin],
  };
}

export function securityHeaders(
  env: Config['env'],
  tiles: MapTileSource | null = null,
): RequestHandler {
  return helmet({
    contentSecurityPolicy:
      env === 'development' ? false : { useDefaults: false, directives: cspDirectives(tiles) },
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
