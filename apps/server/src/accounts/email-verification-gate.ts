import { ACCOUNT_EMAIL_COPY, type AccountEmailStatus } from '@glowreel/contracts';
import type { UsersRepository } from '../db/users.repository.ts';
import { AppError } from '../errors.ts';

/** What a confirmed address unlocks; each has its own refusal message. */
export type VerifiedOnlyFeature = 'api_keys' | 'plans';

const REFUSALS: Record<VerifiedOnlyFeature, string> = {
  api_keys: ACCOUNT_EMAIL_COPY.notVerifiedKeys,
  plans: ACCOUNT_EMAIL_COPY.notVerifiedPlans,
};

/**
 * Issue 17 §2: until the e-mail address is confirmed everything works except creating API
 * keys and buying a plan. REQUIRE_EMAIL_VERIFICATION=false turns the gate off.
 */
export class EmailVerificationGate {
  constructor(
    private readonly users: UsersRepository,
    readonly isRequired: boolean,
  ) {}

  async status(userId: string): Promise<AccountEmailStatus> {
    const state = await this.users.findEmailState(userId);
    if (!state) throw new AppError('unauthorized', 'Please sign in to continue.');
    return { ...state, verificationRequired: this.isRequired };
  }

  /** Throws a 403 `email_not_verified` when the gate is on and the address is unconfirmed. */
  async requireVerified(userId: string, feature: VerifiedOnlyFeature): Promise<void> {
    if (!this.isRequired) return;
    const state = await this.users.findEmailState(userId);
    if (state?.emailVerified) return;
    throw new AppError('email_not_verified', REFUSALS[feature]);
  }
}
