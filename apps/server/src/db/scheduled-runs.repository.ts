import type { Kysely, Updateable } from 'kysely';
import type { Database, ScheduledRunsTable } from './schema.ts';

/** A process's claim on one period of one job. */
export interface RunClaim {
  job: string;
  period: string;
  ownerId: string;
}

/**
 * The scheduled jobs' lock (issue #18 §3): a row per (job, period). Every statement is one
 * atomic INSERT or conditional UPDATE, so of any number of servers racing for a period exactly
 * one gets it, on PostgreSQL and on the embedded database alike.
 */
export class ScheduledRunsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims the period for `ownerId` until `now + leaseMs`: a new period by INSERT … ON
   * CONFLICT DO NOTHING; an unfinished one whose lease has passed (its claimer died or failed)
   * by an UPDATE that re-checks the lease, so two servers cannot both take it over.
   */
  async claim(
    claim: RunClaim,
    now: Date,
    leaseMs: number,
  ): Promise<'claimed' | 'taken_over' | null> {
    const leaseExpiresAt = new Date(now.getTime() + leaseMs);
    const inserted = await this.db
      .insertInto('scheduled_runs')
      .values({
        job: claim.job,
        period: claim.period,
        owner_id: claim.ownerId,
        claimed_at: now,
        lease_expires_at: leaseExpiresAt,
      })
      .onConflict((conflict) => conflict.columns(['job', 'period']).doNothing())
      .returning('job')
      .executeTakeFirst();
    if (inserted) return 'claimed';
    const takenOver = await this.db
      .updateTable('scheduled_runs')
      .set((eb) => ({
        owner_id: claim.ownerId,
        claimed_at: now,
        lease_expires_at: leaseExpiresAt,
        attempts: eb('attempts', '+', 1),
      }))
      .where('job', '=', claim.job)
      .where('period', '=', claim.period)
      .where('finished_at', 'is', null)
      .where('lease_expires_at', '<=', now)
      .returning('job')
      .executeTakeFirst();
    return takenOver ? 'taken_over' : null;
  }

  /** Extends a claim still held; false when another process has taken the period over. */
  renew(claim: RunClaim, now: Date, leaseMs: number): Promise<boolean> {
    return this.updateHeld(claim, { lease_expires_at: new Date(now.getTime() + leaseMs) });
  }

  /** Ends the period: nobody runs the job for it again. */
  finish(claim: RunClaim, now: Date): Promise<boolean> {
    return this.updateHeld(claim, { finished_at: now, last_error: null });
  }

  /** Leaves a failed period unfinished, to be claimed again (by any server) at `retryAt`. */
  async fail(claim: RunClaim, error: string, retryAt: Date): Promise<void> {
    await this.updateHeld(claim, { last_error: error.slice(0, 1000), lease_expires_at: retryAt });
  }

  /** Changes the period's row only while `claim` still holds it unfinished. */
  private async updateHeld(
    claim: RunClaim,
    values: Updateable<ScheduledRunsTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('scheduled_runs')
      .set(values)
      .where('job', '=', claim.job)
      .where('period', '=', claim.period)
      .where('owner_id', '=', claim.ownerId)
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  find(job: string, period: string) {
    return this.db
      .selectFrom('scheduled_runs')
      .selectAll()
      .where('job', '=', job)
      .where('period', '=', period)
      .executeTakeFirst();
  }
}
