import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** Far deeper than any body we accept (the deepest is 3 levels), far shallower than the stack. */
export const MAX_JSON_DEPTH = 32;

/** The index of the quote closing the string that opens at `start`, or -1. */
function endOfString(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

/**
 * True when arrays and objects nest deeper than `limit`. Strings are skipped with indexOf, so
 * a 27 MB base64 image costs little more than finding its closing quote.
 */
export function isNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 0x22) {
      index = endOfString(text, index);
      if (index === -1) return false; // unterminated: JSON.parse will say so
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Fastify's JSON parser (prototype-poisoning checks kept) behind a nesting limit: a body of
 * 5,000 nested objects parses, but re-serialising it for Better Auth overflowed the stack (a
 * 500); deep nesting has no use in any request, so it is refused up front (issue 15).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new AppError(
          'invalid_json',
          `The JSON body nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels.`,
        ),
        undefined,
      );
      return;
    }
    void parseJson(request, text, done);
  });
}
