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
