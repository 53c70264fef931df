import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** Far deeper than any body we accept (the deepest is 3 levels), far shallower than the stack. */
export const MAX_JSON_DEPTH = 32;

/** True when arrays and objects nest deeper than `limit`; strings are skipped over. */
export function isNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
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
