import { isControlCharactersIssue } from '@glowreel/contracts';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * Parses a JSON body with a contract schema; the first problem becomes a 400 that names it
 * (a 422 for control characters: the shape was right, the text is not acceptable).
 */
export function parseBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw new AppError(
    isControlCharactersIssue(issue) ? 'validation_failed' : 'bad_request',
    field ? `${field}: ${issue?.message ?? 'is not valid'}` : (issue?.message ?? 'Invalid body.'),
    { field: field || undefined },
  );
}

/**
 * Like parseBody, but a missing body is refused too: for actions whose JSON object carries no
 * field, so a text/plain or empty POST (what a form or a no-cors fetch can send) starts nothing.
 */
export function parseJsonObjectBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError(
      'unsupported_media_type',
      'Send a JSON object (for example {}) with Content-Type: application/json.',
    );
  }
  return parseBody(schema, body);
}
