/**
 * The one JSON body parser: a size limit, and a nesting limit checked on the raw bytes before the
 * body is parsed, so no later step (validation, JSON.stringify, the store) ever meets a document
 * nested deeply enough to overflow the stack (issue 16, finding 6).
 */
import express, { type RequestHandler } from 'express';
import { JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE } from '@couchdb/model/errors';
import { HttpError } from '../http-error';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting of objects and arrays in JSON text, stopping once it passes `max`. */
export function jsonDepthExceeds(buf: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** express.json with `limit` bytes at most and JSON_MAX_DEPTH levels of nesting. */
export function jsonBody(limit: number | string): RequestHandler {
  return express.json({
    limit,
    verify: (_req, _res, buf) => {
      if (jsonDepthExceeds(buf, JSON_MAX_DEPTH))
        throw new HttpError(400, 'bad_request', JSON_TOO_DEEP_MESSAGE);
    },
  });
}
