import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** An account whose last paid subscription has ended (billing_subscriptions.canceled_at). */
export interface CanceledAccount {
  userId: string;
  email: string;
  canceledAt: Date;
}

/**
 * What the retention job reads and marks (issue #18 §3); the deletions themselves are elsewhere.
 * An account is judged by its personal clinic's subscription (issue #21: a plan is a clinic's;
 * `user_id` is the account that opened it): a clinic that has changed hands, or that the
 * account only opened, never gets its opener's account deleted.
 */
export class RetentionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Accounts cancelled by `canceledBy` that have not been warned yet. */
  async findAccountsToWarn(canceledBy: Date): Promise<CanceledAccount[]> {
    const rows = await this.db
      .selectFrom('billing_subscriptions')
      .innerJoin('user', 'user.id', 'billing_subscriptions.user_id')
      .innerJoin('organization', (join) =>
        join
          .onRef('organization.id', '=', 'billing_subscriptions.clinic_id')
          .onRef('organization.personalOwnerId', '=', 'billing_subscriptions.user_id'),
      )
      .select(['billing_subscriptions.user_id', 'user.email', 'billing_subscriptions.canceled_at'])
      .where('billing_subscriptions.canceled_at', '<=', canceledBy)
      .where('billing_subscriptions.deletion_warned_at', 'is', null)
      .orderBy('billing_subscriptions.canceled_at')
      .execute();
    return rows.flatMap((row) =>
      row.canceled_at
        ? [{ userId: row.user_id, email: row.email, canceledAt: row.canceled_at }]
        : [],
    );
  }

  /**
   * Marks the warning sent, once: of two servers (or runs) only one changes the row, and a
   * subscription taken out since (canceled_at cleared or moved) is no longer warned.
   */
  async claimWarning(account: CanceledAccount, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('billing_subscriptions')
      .set({ deletion_warned_at: at })
      .where('user_id', '=', account.userId)
      .where('clinic_id', 'in', (eb) =>
        eb.selectFrom('organization').select('id').where('personalOwnerId', '=', account.userId),
      )
      .where('canceled_at', '=', account.canceledAt)
      .where('deletion_warned_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Accounts cancelled by `canceledBy` whose warning went out by `warnedBy`. */
  async findAccountsToDelete(canceledBy: Date, warnedBy: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('billing_subscriptions')
      .innerJoin('organization', (join) =>
        join
          .onRef('organization.id', '=', 'billing_subscriptions.clinic_id')
          .onRef('organization.personalOwnerId', '=', 'billing_subscriptions.user_id'),
      )
      .select('billing_subscriptions.user_id')
      .where('billing_subscriptions.canceled_at', '<=', canceledBy)
      .where('billing_subscriptions.deletion_warned_at', '<=', warnedBy)
      .orderBy('billing_subscriptions.canceled_at')
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** Finished videos created by `createdBy` that the retention policy has not deleted yet. */
  findVideosToDelete(
    createdBy: Date,
    skipIds: readonly string[],
    limit: number,
  ): Promise<{ id: string; user_id: string }[]> {
    let query = this.db
      .selectFrom('videos')
      .select(['videos.id', 'videos.user_id'])
      .where('videos.created_at', '<=', createdBy)
      .where('videos.status', '!=', 'processing')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('retention_video_deletions')
              .select('retention_video_deletions.video_id')
              .whereRef('retention_video_deletions.video_id', '=', 'videos.id'),
          ),
        ),
      )
      .orderBy('videos.created_at')
      .limit(limit);
    if (skipIds.length > 0) query = query.where('videos.id', 'not in', skipIds);
    return query.execute();
  }

  /** Claims a video's deletion for this run; false when another run has it. */
  async claimVideoDeletion(videoId: string, at: Date): Promise<boolean> {
    const inserted = await this.db
      .insertInto('retention_video_deletions')
      .values({ video_id: videoId, deleted_at: at })
      .onConflict((conflict) => conflict.column('video_id').doNothing())
      .returning('video_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Gives a claim back after a failure, so the next run tries the video again. */
  async releaseVideoDeletion(videoId: string): Promise<void> {
    await this.db.deleteFrom('retention_video_deletions').where('video_id', '=', videoId).execute();
  }
}
