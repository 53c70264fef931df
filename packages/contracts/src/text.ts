import { z } from 'zod';

// Shared input rules (issue 15). PostgreSQL's text type cannot hold NUL, and none of our
// fields has a use for other control characters, so they are refused where the request is
// parsed: the database never sees them, and the client learns which field was wrong.

// C0 and C1 control characters and DEL; the multi-line variant allows tab, CR and LF.
// Matching control characters is the point of these two, hence the lint exception.
/* eslint-disable no-control-regex */
const LINE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const TEXT_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */

/** Marks the zod issue a control character raises, so servers can answer it with a 422. */
export const CONTROL_CHARACTERS_RULE = 'control_characters';

export function hasControlCharacters(value: string, options: { multiline: boolean }): boolean {
  return (options.multiline ? TEXT_CONTROL_CHARACTERS : LINE_CONTROL_CHARACTERS).test(value);
}

/** A refinement (predicate and issue) for string schemas built otherwise, e.g. z.url(). */
export function noControlCharacters(label: string, options: { multiline: boolean }) {
  return [
    (value: string) => !hasControlCharacters(value, options),
    {
      message: `${label} must not contain control characters${options.multiline ? ' (line breaks and tabs are fine)' : ''}.`,
      params: { rule: CONTROL_CHARACTERS_RULE },
    },
  ] as const;
}

function withoutControlCharacters(label: string, multiline: boolean, missing?: string) {
  return z
    .string(missing === undefined ? undefined : { error: missing })
    .refine(...noControlCharacters(label, { multiline }));
}

/** One line of text (a name, a title): no control characters at all. */
export function plainLine(label: string, missing?: string) {
  return withoutControlCharacters(label, false, missing);
}

/** Free text (a message, a comment): line breaks and tabs allowed, other controls refused. */
export function plainText(label: string) {
  return withoutControlCharacters(label, true);
}

/** True for the issue plainLine/plainText raise. */
export function isControlCharactersIssue(issue: z.core.$ZodIssue | undefined): boolean {
  return (
    issue?.code === 'custom' &&
    (issue.params as { rule?: unknown } | undefined)?.rule === CONTROL_CHARACTERS_RULE
  );
}

// Every id the server hands out (videos, API keys) comes from crypto.randomUUID().
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a client-sent id could be one of ours; anything else is answered as not found. */
export function isWellFormedId(value: string): boolean {
  return ID_PATTERN.test(value);
}

/** SPEC §5: a display name is required; the same rule on sign-up and on profile updates. */
export const DISPLAY_NAME_MAX_LENGTH = 120;
export const displayNameSchema = plainLine('Full name')
  .trim()
  .min(1, 'Full name is required.')
  .max(DISPLAY_NAME_MAX_LENGTH, `Full name can be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`);
