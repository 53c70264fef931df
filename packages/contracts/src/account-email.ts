import { z } from 'zod';

/** GET /api/account/email: the signed-in person's address and whether it is confirmed. */
export const accountEmailStatusSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  /** False when the operator turned the gate off (REQUIRE_EMAIL_VERIFICATION=false). */
  verificationRequired: z.boolean(),
});
export type AccountEmailStatus = z.infer<typeof accountEmailStatusSchema>;

/** POST /api/auth/request-password-reset and the forgot-password form. */
export const passwordResetRequestSchema = z.object({
  email: z.email('Please enter a valid e-mail address.').max(254),
});

/** The error code of a 403 from a feature that needs a confirmed e-mail address. */
export const EMAIL_NOT_VERIFIED = 'email_not_verified';

export const ACCOUNT_EMAIL_COPY = {
  /** The same answer whether or not an account exists (no account discovery). */
  resetRequested: 'If an account exists for that e-mail, we sent a link to reset the password.',
  notVerifiedKeys: 'Confirm your e-mail address before creating API keys.',
  notVerifiedPlans: 'Confirm your e-mail address before buying a plan.',
  invalidResetLink: 'This password reset link is invalid, expired or already used.',
} as const;
