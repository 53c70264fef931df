import type { CanceledAccount, RetentionRepository } from '../db/retention.repository.ts';
import { AppError } from '../errors.ts';
import { DAY_MS } from './scheduler.ts';

/**
 * The deletions retention asks for, done by the account and video services exactly as when a
 * clinic asks for them itself (issue #18 §2).
 */
export interface RetentionActions {
  deleteAccount(userId: string): Promise<void>;
  deleteVideo(userId: string, videoId: string): Promise<void>;
  removeExpiredExports(now: Date): Promise<number>;
}

/** The terms: an account is kept for 90 days after its paid subscription ended, then deleted. */
export const ACCOUNT_RETENTION_DAYS = 90;
/** The warning goes out this long before, and the deletion never comes sooner after it. */
export const DELETION_WARNING_DAYS = 7;

const VIDEOS_PER_BATCH = 100;

interface Outcome {
  deleted: number;
  failed: number;
}

export interface RetentionDependencies {
  repository: RetentionRepository;
  actions: RetentionActions;
  mail: { sendDeletionWarning(to: string, deletionDay: Date): Promise<void> };
  /** Videos older than this many days are deleted; null keeps them while the account lives. */
  videoRetentionDays: number | null;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

export interface RetentionSummary {
  warned: number;
  accountsDeleted: number;
  exportsRemoved: number;
  videosDeleted: number;
  failures: number;
}

/**
 * The daily retention job (issue #18 §3). "Cancelled for 90 days" means: the account's last
 * subscription that was paid for at least one period ended (billing_subscriptions.canceled_at,
 * set when the provider reports it ended, i.e. after the paid period ran out), no paid
 * subscription has started since, and 90 days have passed. Accounts that never paid and
 * accounts with a live or past-due subscription are never deleted by it. The warning e-mail
 * goes out once, 7 days before; the deletion waits until 7 days after the warning even when
 * the job could not run on day 83.
 */
export class RetentionService {
  constructor(private readonly deps: RetentionDependencies) {}

  async run(now: Date): Promise<RetentionSummary> {
    const warned = await this.warn(now);
    const accounts = await this.deleteAccounts(now);
    const exportsRemoved = await this.deps.actions.removeExpiredExports(now);
    const videos = await this.deleteOldVideos(now);
    const summary: RetentionSummary = {
      warned,
      accountsDeleted: accounts.deleted,
      exportsRemoved,
      videosDeleted: videos.deleted,
      failures: accounts.failed + videos.failed,
    };
    this.deps.log.info({ ...summary }, 'retention applied');
    return summary;
  }

  private async warn(now: Date): Promise<number> {
    const { repository, mail } = this.deps;
    const canceledBy = daysBefore(now, ACCOUNT_RETENTION_DAYS - DELETION_WARNING_DAYS);
    let warned = 0;
    for (const account of await repository.findAccountsToWarn(canceledBy)) {
      if (!(await repository.claimWarning(account, now))) continue;
      await mail.sendDeletionWarning(account.email, deletionDayOf(account, now));
      warned += 1;
    }
    return warned;
  }

  private async deleteAccounts(now: Date): Promise<Outcome> {
    const userIds = await this.deps.repository.findAccountsToDelete(
      daysBefore(now, ACCOUNT_RETENTION_DAYS),
      daysBefore(now, DELETION_WARNING_DAYS),
    );
    const outcome = { deleted: 0, failed: 0 };
    for (const userId of userIds) {
      try {
        await this.deps.actions.deleteAccount(userId);
        outcome.deleted += 1;
      } catch (error) {
        // Still cancelled, so tomorrow's run tries again; the others go ahead today.
        outcome.failed += 1;
        this.deps.log.error({ userId, err: error }, 'retention could not delete an account');
      }
    }
    return outcome;
  }

  private async deleteOldVideos(now: Date): Promise<Outcome> {
    const outcome = { deleted: 0, failed: 0 };
    const days = this.deps.videoRetentionDays;
    if (days === null) return outcome;
    const { repository, actions, log } = this.deps;
    const createdBy = daysBefore(now, days);
    // Every other video of a batch leaves it by its deletion mark (ours or another run's).
    const skipIds: string[] = [];
    for (;;) {
      const batch = await repository.findVideosToDelete(createdBy, skipIds, VIDEOS_PER_BATCH);
      if (batch.length === 0) return outcome;
      for (const video of batch) {
        if (!(await repository.claimVideoDeletion(video.id, now))) continue;
        try {
          await actions.deleteVideo(video.user_id, video.id);
          outcome.deleted += 1;
        } catch (error) {
          if (error instanceof AppError) continue; // Refused by its rules (already deleted): done.
          outcome.failed += 1;
          skipIds.push(video.id); // Tomorrow's run, not this one, tries it again.
          await repository.releaseVideoDeletion(video.id);
          log.error({ videoId: video.id, err: error }, 'retention could not delete a video');
        }
      }
    }
  }
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** 90 days after the cancellation, but never sooner than 7 days after this warning. */
function deletionDayOf(account: CanceledAccount, warnedAt: Date): Date {
  return new Date(
    Math.max(
      account.canceledAt.getTime() + ACCOUNT_RETENTION_DAYS * DAY_MS,
      warnedAt.getTime() + DELETION_WARNING_DAYS * DAY_MS,
    ),
  );
}
