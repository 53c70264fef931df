import { displayNameSchema } from '@glowreel/contracts';
import { APIError } from 'better-auth/api';

/** SPEC §5's display-name rule: the tidied name, or what is wrong with it. */
export function checkDisplayName(name: unknown): { name: string } | { problem: string } {
  const parsed = displayNameSchema.safeParse(name);
  if (parsed.success) return { name: parsed.data };
  const issue = parsed.error.issues[0];
  // A missing or non-text name reads as a missing one, as on the sign-up form.
  return {
    problem: issue?.code === 'invalid_type' ? 'Full name is required.' : (issue?.message ?? ''),
  };
}

/**
 * Better Auth's update-user takes any name (empty, 5,000 characters, a NUL that the database
 * refuses with a 500): hold it to the sign-up rule, and store it trimmed as sign-up does.
 */
export function checkUpdateUserName(body: unknown): { context: { body: object } } | undefined {
  if (typeof body !== 'object' || body === null || !('name' in body)) return undefined;
  const checked = checkDisplayName(body.name);
  if ('problem' in checked) {
    throw new APIError('UNPROCESSABLE_ENTITY', {
      code: 'VALIDATION_FAILED',
      message: checked.problem,
      details: { fields: { name: checked.problem } },
    });
  }
  return { context: { body: { ...body, name: checked.name } } };
}
