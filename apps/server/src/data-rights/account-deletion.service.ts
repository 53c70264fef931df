import { SYSTEM_ACTOR } from '../audit/request-actor.ts';
import { ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES } from '@glowreel/contracts';
import type { AuditActor, AuditTrail } from '../audit/audit-trail.ts';
import type { AccountFiles, DataRightsRepository } from '../db/data-rights.repository.ts';
import { AppError } from '../errors.ts';
import type { KeptFiles } from '../services/kept-files.ts';
import type { VideoStorage } from '../storage/video-storage.ts';

export interface AccountDeletionDependencies {
  rows: Pick<
    DataRightsRepository,
    | 'findUser'
    | 'findPasswordHash'
    | 'hasVideoRendering'
    | 'findClinicsLeftWithoutOwner'
    | 'findOwnClinicIds'
    | 'findAccountFiles'
    | 'transaction'
    | 'deleteUserKeepingLedgerTotals'
  >;
  verifyPassword: (hash: string, password: string) => Promise<boolean>;
  /** Stripe's subscription is cancelled now; demo billing has nothing outside our rows. */
  cancelSubscription: (userId: string) => Promise<void>;
  videoFiles: Pick<VideoStorage, 'delete'>;
  logos: Pick<KeptFiles, 'remove'>;
  photos: Pick<KeptFiles, 'remove'>;
  exportFiles: { remove: (key: string) => Promise<void> };
  /** Sessions deleted with the account stop working at once in this process. */
  forgetSessions: (tokens: readonly string[]) => void;
  audit: AuditTrail;
  log: { error: (details: object, message: string) => void };
  now?: () => Date;
}

/** What the person typed in the Delete account card, and the session they typed it in. */
export interface DeletionConfirmation {
  email: string;
  password?: string | undefined;
  sessionCreatedAt: Date;
}

const FRESH_SIGN_IN_MS = ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES * 60_000;

/**
 * Deletes an account and everything it holds (issue #18 §2). The subscription is cancelled
 * first (if the provider refuses, nothing is deleted); then one transaction records
 * `account.deleted`, keeps the ledger's anonymous totals and deletes the user with its own
 * clinics (issue #21: those no one else belongs to), whose rows all cascade; then their files
 * go (videos, posters, logo, profile photo, exports). What the account made in a clinic others
 * remain in — videos, ledger rows — is that clinic's record and stays; only the membership
 * goes. The e-mail address is free again the moment the transaction commits.
 */
export class AccountDeletionService {
  constructor(private readonly deps: AccountDeletionDependencies) {}

  private now(): Date {
    return (this.deps.now ?? (() => new Date()))();
  }

  /** Whether the Delete account card asks for the password or for a fresh sign-in. */
  async requirements(
    userId: string,
    sessionCreatedAt: Date,
  ): Promise<{ hasPassword: boolean; signedInRecently: boolean }> {
    const hash = await this.deps.rows.findPasswordHash(userId);
    return {
      hasPassword: hash !== null,
      signedInRecently: this.now().getTime() - sessionCreatedAt.getTime() <= FRESH_SIGN_IN_MS,
    };
  }

  /** The member deletes their own account: the typed e-mail and the password (or a fresh sign-in). */
  async deleteOwnAccount(
    userId: string,
    confirmation: DeletionConfirmation,
    actor: AuditActor,
  ): Promise<void> {
    const user = await this.deps.rows.findUser(userId);
    if (!user) throw accountGone();
    if (confirmation.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(
        'confirmation_mismatch',
        'The e-mail address you typed is not this account’s. Nothing was deleted.',
        { field: 'email' },
      );
    }
    const hash = await this.deps.rows.findPasswordHash(userId);
    if (hash !== null) {
      const password = confirmation.password ?? '';
      if (password === '' || !(await this.deps.verifyPassword(hash, password))) {
        throw new AppError('wrong_password', 'That password is not correct. Nothing was deleted.', {
          field: 'password',
        });
      }
    } else if (this.now().getTime() - confirmation.sessionCreatedAt.getTime() > FRESH_SIGN_IN_MS) {
      throw new AppError(
        'recent_sign_in_required',
        `For your safety, sign out and sign in again, then delete the account within ${ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES} minutes.`,
      );
    }
    await this.deleteAccount(userId, actor);
  }

  /** The retention job's entry point (system actor), and the last step of deleteOwnAccount. */
  async deleteAccount(userId: string, actor: AuditActor = SYSTEM_ACTOR): Promise<void> {
    if (!(await this.deps.rows.findUser(userId))) throw accountGone();
    // A clinic with other members keeps an owner: the account hands it over first (issue #21).
    const [clinic] = await this.deps.rows.findClinicsLeftWithoutOwner(userId);
    if (clinic !== undefined) {
      throw new AppError(
        'conflict',
        `Transfer ownership of ${clinic} before deleting your account.`,
        { clinic },
      );
    }
    const clinicIds = await this.deps.rows.findOwnClinicIds(userId);
    if (await this.deps.rows.hasVideoRendering(userId, clinicIds)) {
      throw new AppError(
        'video_rendering',
        'A video is still rendering. Delete the account once it has finished.',
      );
    }
    const files = await this.deps.rows.findAccountFiles(userId, clinicIds);
    await this.deps.cancelSubscription(userId);
    const now = this.now();
    const deleted = await this.deps.rows.transaction(async (trx) => {
      // The account's audit log goes with it; what stays is one entry saying when it was
      // deleted and by whom (the account itself or Glowreel), without an address or browser.
      const input = { userId, clinicIds, now };
      if (!(await this.deps.rows.deleteUserKeepingLedgerTotals(trx, input))) return false;
      await this.deps.audit.record(
        {
          kind: 'account.deleted',
          accountId: userId,
          actor: { kind: actor.kind, userId: actor.userId ?? null },
          target: { type: 'account', id: userId },
        },
        trx,
      );
      return true;
    });
    if (!deleted) throw accountGone();
    this.deps.forgetSessions(files.sessionTokens);
    await this.removeFiles(files);
  }

  /** Nothing names these files any more; one that cannot be removed now is left to the log. */
  private async removeFiles(files: AccountFiles): Promise<void> {
    const removals: [string, () => Promise<void>][] = [
      ...files.videoKeys.map((key): [string, () => Promise<void>] => [
        key,
        () => this.deps.videoFiles.delete(key),
      ]),
      ...files.exportKeys.map((key): [string, () => Promise<void>] => [
        key,
        () => this.deps.exportFiles.remove(key),
      ]),
    ];
    for (const logoKey of files.logoKeys) {
      removals.push([logoKey, () => this.deps.logos.remove(logoKey)]);
    }
    const { photoKey } = files;
    if (photoKey) removals.push([photoKey, () => this.deps.photos.remove(photoKey)]);
    for (const [key, remove] of removals) {
      try {
        await remove();
      } catch (error) {
        this.deps.log.error({ key, err: error }, 'a deleted account’s file could not be removed');
      }
    }
  }
}

function accountGone(): AppError {
  return new AppError('account_deleted', 'This account has been deleted.');
}
