import type { ClinicMembership, ClinicsRepository, PersonalClinic } from './clinics.repository.ts';

/**
 * The clinic workspace (issue #21, DESIGN.md D18): a clinic is a Better Auth organization that
 * will own credits, plan, videos, keys and brand. This first slice gives every account its
 * personal clinic, owned by it, and makes it the active clinic of each new session.
 */
export class ClinicsService {
  constructor(private readonly clinics: ClinicsRepository) {}

  /** Runs for every new account, whichever way it signed up; safe to repeat. */
  createPersonalClinic(user: { id: string; name: string }): Promise<PersonalClinic> {
    return this.clinics.createPersonalClinic({ userId: user.id, name: user.name });
  }

  /** For an account that has none yet (its sign-up hook failed half-way): named after it. */
  async ensurePersonalClinic(userId: string): Promise<void> {
    if (await this.clinics.findPersonalClinic(userId)) return;
    const name = await this.clinics.findAccountName(userId);
    if (name !== undefined) await this.clinics.createPersonalClinic({ userId, name });
  }

  findPersonalClinic(userId: string): Promise<PersonalClinic | undefined> {
    return this.clinics.findPersonalClinic(userId);
  }

  /** A new session acts for the account's personal clinic until clinic switching exists. */
  async activatePersonalClinic(session: { id: string; userId: string }): Promise<void> {
    const clinic = await this.clinics.findPersonalClinic(session.userId);
    if (clinic) await this.clinics.activateClinicIfNone(session.id, clinic.id);
  }

  /**
   * The clinic a signed-in person acts for on this request (see ClinicsRepository
   * findActingMembership). An account that belongs to no clinic at all gets a new personal
   * clinic as its owner: Free plan and no free credits, since its sign-up grant was already
   * given to the clinic it had then. Undefined only when the account itself is gone.
   */
  async actingMembership(
    userId: string,
    sessionToken: string | undefined,
  ): Promise<ClinicMembership | undefined> {
    const found = await this.clinics.findActingMembership(userId, sessionToken);
    if (found) return found;
    const name = await this.clinics.findAccountName(userId);
    if (name === undefined) return undefined;
    // No profile row, subscription or ledger grant is written here: the new clinic starts on
    // the Free plan with a balance of zero.
    await this.clinics.createReplacementClinic({ userId, name });
    return this.clinics.findActingMembership(userId, sessionToken);
  }
}
