import type { ClinicsRepository, PersonalClinic } from './clinics.repository.ts';

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
}
