import { AppError } from '../errors.ts';
import type { LockedProfile, ProfilesRepository } from '../db/profiles.repository.ts';
import type { CreditBucket } from '../db/schema.ts';
import { applyDelta, chooseBucketToSpend, totalOf, type CreditBalance } from './credit-rules.ts';

/** Whose credits move: the member who spends them and the clinic whose balance holds them. */
export interface CreditPayer {
  userId: string;
  clinicId: string;
}

/** A payer, or a bare user id: that account acting for its personal clinic. */
export type PayerRef = string | CreditPayer;

/** The payer `ref` names; a bare user id pays from the account's personal clinic. */
export async function resolvePayer(
  ref: PayerRef,
  findPersonalClinicId: (userId: string) => Promise<string | undefined>,
): Promise<CreditPayer> {
  if (typeof ref !== 'string') return ref;
  const clinicId = await findPersonalClinicId(ref);
  if (!clinicId) throw new AppError('not_found', 'No clinic exists for this account.');
  return { userId: ref, clinicId };
}

export interface Reservation {
  reservationId: string;
  /** The first credit's bucket (the only one, for a one-credit reservation). */
  bucket: CreditBucket;
  balance: CreditBalance;
}

export const INSUFFICIENT_CREDITS_MESSAGE =
  "You don't have enough credits to generate a video. Please upgrade your plan or purchase more credits.";

/** A clinic that has no profile yet holds nothing: it opens on the Free plan with zero. */
function balanceOf(locked: LockedProfile): CreditBalance {
  const row = locked.row;
  if (!row) return { free: 0, bonus: 0, plan: 0 };
  return { free: row.credits_free ?? 0, bonus: row.credits_bonus ?? 0, plan: row.videos_remaining };
}

function columnsFor(balance: CreditBalance) {
  return {
    credits_free: balance.free,
    credits_bonus: balance.bonus,
    videos_remaining: balance.plan,
  };
}

/**
 * The credits ledger (DESIGN.md D5): one credit is reserved when a job is accepted,
 * committed when it succeeds and refunded to its own bucket when it fails. Every
 * change is one transaction that updates the balance and appends its ledger row. The balance
 * is the clinic's (issue #21): every member reserves from it under the clinic's row lock, and
 * each reservation and ledger row names the member.
 */
export class CreditsService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  async getBalance(payer: PayerRef): Promise<CreditBalance & { total: number }> {
    const { clinicId } = await this.resolve(payer);
    return this.profiles.withLockedProfile(clinicId, (locked) => {
      const balance = balanceOf(locked);
      return Promise.resolve({ ...balance, total: totalOf(balance) });
    });
  }

  reserve(payer: PayerRef): Promise<Reservation> {
    return this.reserveFor(payer, (reservation) => Promise.resolve(reservation));
  }

  /**
   * Reserves `credits` credits (one for a built-in video, the configured price for a
   * generative one) and runs `attach` (which writes what they pay for) in the same
   * transaction: both are kept or neither is, whatever happens to the process. Each credit
   * comes from the spend order's first non-empty bucket; a balance short of the price
   * reserves nothing.
   */
  async reserveFor<T>(
    payer: PayerRef,
    attach: (reservation: Reservation, locked: LockedProfile) => Promise<T>,
    credits = 1,
  ): Promise<T> {
    const { userId, clinicId } = await this.resolve(payer);
    return this.profiles.withLockedProfile(clinicId, async (locked) => {
      let next = balanceOf(locked);
      const buckets: CreditBucket[] = [];
      for (let taken = 0; taken < credits; taken += 1) {
        const bucket = chooseBucketToSpend(next);
        if (!bucket) throw new AppError('insufficient_credits', INSUFFICIENT_CREDITS_MESSAGE);
        next = applyDelta(next, bucket, -1);
        buckets.push(bucket);
      }
      const [first] = buckets;
      if (!first) throw new RangeError(`a reservation holds at least one credit, not ${credits}`);
      const reservationId = this.newId();
      await locked.update(columnsFor(next));
      await locked.createReservation(
        reservationId,
        userId,
        first,
        buckets.length > 1 ? buckets : null,
      );
      // One ledger row per bucket touched, each with the balance after it.
      let running = balanceOf(locked);
      for (const [bucket, count] of countByBucket(buckets)) {
        running = applyDelta(running, bucket, -count);
        await locked.appendLedger({
          userId,
          bucket,
          delta: -count,
          reason: 'reserve',
          reservationId,
          balanceAfter: totalOf(running),
        });
      }
      return attach({ reservationId, bucket: first, balance: next }, locked);
    });
  }

  async commit(reservationId: string): Promise<void> {
    await this.endAndSettle(reservationId, 'committed', NOTHING_TO_END);
  }

  async refund(reservationId: string): Promise<void> {
    await this.endAndSettle(reservationId, 'refunded', NOTHING_TO_END);
  }

  /**
   * Settles every reservation left 'reserved' although its video finished (records from
   * before a video's end and its settlement shared one transaction) or without a video:
   * committed when the video completed, refunded otherwise, each exactly once (the settlement
   * re-checks the status under the profile's row lock). It cannot race a live server:
   * a reservation and its video row are written in one transaction, and a video's end and its
   * settlement in another, so no other process ever sees the one without the other.
   */
  async settleAbandoned(): Promise<{ committed: number; refunded: number }> {
    let committed = 0;
    let refunded = 0;
    for (const { reservationId, videoStatus } of await this.profiles.listAbandonedReservations()) {
      if (videoStatus === 'completed') {
        await this.commit(reservationId);
        committed += 1;
      } else {
        await this.refund(reservationId);
        refunded += 1;
      }
    }
    return { committed, refunded };
  }

  /** Operator grants: `payer.userId` is the account the operator named. */
  async grant(
    payer: PayerRef,
    amount: number,
    bucket: 'free' | 'bonus',
    note: string,
  ): Promise<CreditBalance> {
    if (!Number.isInteger(amount) || amount <= 0) {
      throw new AppError(
        'bad_request',
        `A grant must be a positive whole number of credits; got ${amount}.`,
      );
    }
    const { userId, clinicId } = await this.resolve(payer);
    return this.profiles.withLockedProfile(clinicId, async (locked) => {
      if (!locked.row) throw new AppError('not_found', 'No profile exists for this clinic.');
      const next = applyDelta(balanceOf(locked), bucket, amount);
      await locked.update(columnsFor(next));
      await locked.appendLedger({
        userId,
        bucket,
        delta: amount,
        reason: 'admin_grant',
        note,
        balanceAfter: totalOf(next),
      });
      return next;
    });
  }

  /**
   * Ends what a reservation paid for (`end` writes it, e.g. the video's final record) and
   * settles the reservation in one transaction, so no reader ever sees a video failed "with
   * its credits refunded" while the balance still holds them, and no crash leaves one without
   * the other. When `end` answers false (another process ended it), nothing is settled here.
   */
  async endAndSettle(
    reservationId: string,
    outcome: 'committed' | 'refunded',
    end: (locked: LockedProfile) => Promise<boolean>,
  ): Promise<boolean> {
    const clinicId = await this.profiles.findReservationClinic(reservationId);
    if (!clinicId) throw new AppError('not_found', `No credit reservation ${reservationId}.`);
    return this.profiles.withLockedProfile(clinicId, async (locked) => {
      if (!(await end(locked))) return false;
      const reservation = await locked.findReservation(reservationId);
      if (!reservation) throw new AppError('not_found', `No credit reservation ${reservationId}.`);
      if (reservation.status === outcome) return true; // Settling twice the same way is a no-op.
      if (reservation.status !== 'reserved') {
        throw new AppError(
          'conflict',
          `Credit reservation ${reservationId} is already ${reservation.status}; it cannot be ${outcome}.`,
        );
      }
      // Each credit goes back to the bucket it came from.
      const held = heldBuckets(reservation);
      let next = balanceOf(locked);
      const entries: { bucket: CreditBucket; delta: number; balanceAfter: number }[] = [];
      for (const [bucket, count] of countByBucket(held)) {
        const delta = outcome === 'refunded' ? count : 0;
        next = applyDelta(next, bucket, delta);
        entries.push({ bucket, delta, balanceAfter: totalOf(next) });
      }
      if (outcome === 'refunded') await locked.update(columnsFor(next));
      await locked.settleReservation(reservationId, outcome);
      for (const entry of entries) {
        // Named after the member who rendered, whoever settles it.
        await locked.appendLedger({
          userId: reservation.user_id,
          ...entry,
          reason: outcome === 'refunded' ? 'refund' : 'commit',
          reservationId,
        });
      }
      return true;
    });
  }

  private resolve(payer: PayerRef): Promise<CreditPayer> {
    return resolvePayer(payer, (userId) => this.profiles.findPersonalClinicId(userId));
  }
}

/** A settlement on its own: nothing else is written in its transaction. */
const NOTHING_TO_END = (): Promise<boolean> => Promise.resolve(true);

/** The bucket of every credit a reservation holds. */
function heldBuckets(reservation: {
  bucket: CreditBucket;
  buckets: string | null;
}): CreditBucket[] {
  if (reservation.buckets === null) return [reservation.bucket];
  return JSON.parse(reservation.buckets) as CreditBucket[];
}

/** Buckets with how many credits each, in spend order of first appearance. */
function countByBucket(buckets: CreditBucket[]): Map<CreditBucket, number> {
  const counts = new Map<CreditBucket, number>();
  for (const bucket of buckets) counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  return counts;
}
