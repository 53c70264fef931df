import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CreditBucket, Database, LedgerReason, ProfilesTable, VideoStatus } from './schema.ts';
import { readCacheOf, type ReadCache } from './read-cache.ts';
import { insertConsent, type ConsentRow, type NewConsent } from './consent-records.repository.ts';
import {
  finishVideo,
  insertVideo,
  type FinishedVideoChanges,
  type NewVideo,
  type VideoRow,
} from './videos.repository.ts';
import { findPersonalClinicId } from '../clinics/clinics.repository.ts';

export type ProfileRow = Selectable<ProfilesTable>;

export interface ProfileWithUser extends ProfileRow {
  email: string;
  name: string;
  image: string | null;
  /** The member's uploaded profile photo, if any (profile_photos). */
  photo_key: string | null;
}

export interface NewLedgerEntry {
  /** The member who moved the credits (the clinic is the locked profile's). */
  userId: string;
  bucket: CreditBucket;
  delta: number;
  reason: LedgerReason;
  reservationId?: string | null;
  note?: string | null;
  balanceAfter: number;
}

/**
 * Reads and writes a clinic's profile row (its balance and plan, issue #21) and its credit
 * ledger. Every balance change happens inside `withLockedProfile`, which holds the clinic's row
 * lock until the ledger row is in.
 */
export class ProfilesRepository {
  private readonly cache: ReadCache | undefined;

  constructor(private readonly db: Kysely<Database>) {
    this.cache = readCacheOf(db);
  }

  /**
   * The clinic's profile as `userId` (a member) sees it: the clinic's balance and plan with the
   * member's own name, e-mail and photo. Asked by every signed-in page; remembered on the
   * embedded database (see read-cache.ts).
   */
  findWithUser(userId: string, clinicId: string): Promise<ProfileWithUser | undefined> {
    const load = () =>
      this.db
        .selectFrom('profiles')
        .innerJoin('user', (join) => join.on('user.id', '=', userId))
        .leftJoin('profile_photos', 'profile_photos.user_id', 'user.id')
        .selectAll('profiles')
        .select(['user.email', 'user.name', 'user.image', 'profile_photos.photo_key'])
        .where('profiles.clinic_id', '=', clinicId)
        .executeTakeFirst();
    return this.cache ? this.cache.read(`profile:${userId}:${clinicId}`, load) : load();
  }

  findUserIdByEmail(email: string): Promise<string | undefined> {
    return this.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst()
      .then((row) => row?.id);
  }

  userExists(userId: string): Promise<boolean> {
    return this.db
      .selectFrom('user')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  /** The clinic made for the account at sign-up (organization."personalOwnerId"). */
  findPersonalClinicId(userId: string): Promise<string | undefined> {
    return findPersonalClinicId(this.db, userId);
  }

  /** Whether the account's sign-up credits were ever granted (to whichever clinic). */
  hasSignupGrant(userId: string): Promise<boolean> {
    return this.db
      .selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', userId)
      .where('reason', '=', 'signup')
      .limit(1)
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  /** Runs `work` in one transaction with the clinic's profile row locked against concurrent changes. */
  withLockedProfile<T>(clinicId: string, work: (locked: LockedProfile) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('profiles')
        .selectAll()
        .where('clinic_id', '=', clinicId)
        .forUpdate()
        .executeTakeFirst();
      return work(new LockedProfile(trx, clinicId, row));
    });
  }

  /** The clinic whose balance a reservation holds credits of. */
  findReservationClinic(reservationId: string): Promise<string | undefined> {
    return this.db
      .selectFrom('credit_reservations')
      .select('clinic_id')
      .where('id', '=', reservationId)
      .executeTakeFirst()
      .then((row) => row?.clinic_id);
  }

  /**
   * Reservations still 'reserved' although their video is missing or already finished:
   * what a crash between two steps left behind. A reservation whose video is processing
   * belongs to a job and is left alone.
   */
  listAbandonedReservations(): Promise<
    { reservationId: string; videoStatus: VideoStatus | null }[]
  > {
    return this.db
      .selectFrom('credit_reservations')
      .leftJoin('videos', 'videos.reservation_id', 'credit_reservations.id')
      .select(['credit_reservations.id as reservationId', 'videos.status as videoStatus'])
      .where('credit_reservations.status', '=', 'reserved')
      .where((eb) => eb.or([eb('videos.id', 'is', null), eb('videos.status', '<>', 'processing')]))
      .orderBy('credit_reservations.created_at')
      .execute();
  }

  /** The clinic's ledger, every member's rows, oldest first. */
  listLedger(clinicId: string) {
    return this.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .orderBy('id')
      .execute();
  }
}

/** The profile row inside a transaction; only valid while the transaction runs. */
export class LockedProfile {
  constructor(
    private readonly trx: Transaction<Database>,
    /** The clinic whose profile row is locked (it may not have one yet: `row` undefined). */
    readonly clinicId: string,
    readonly row: ProfileRow | undefined,
  ) {}

  /** For a write that stands or falls with this one (the audit event describing it). */
  get transaction(): Transaction<Database> {
    return this.trx;
  }

  /** The clinic's profile; `user_id` is the account that opened it. */
  async insert(
    profile: Omit<ProfileRow, 'clinic_id' | 'created_at' | 'updated_at'>,
  ): Promise<void> {
    await this.trx
      .insertInto('profiles')
      .values({ ...profile, clinic_id: this.clinicId })
      .execute();
  }

  async update(
    changes: Partial<Omit<ProfileRow, 'user_id' | 'clinic_id' | 'created_at' | 'updated_at'>>,
  ): Promise<void> {
    await this.trx
      .updateTable('profiles')
      .set({ ...changes, updated_at: new Date() })
      .where('clinic_id', '=', this.clinicId)
      .execute();
  }

  async appendLedger(entry: NewLedgerEntry): Promise<void> {
    await insertLedgerEntry(this.trx, this.clinicId, entry);
  }

  /**
   * A reservation of the clinic's credits by the member `userId`. `buckets`: each credit's
   * bucket when more than one is held (null: one, from `bucket`).
   */
  async createReservation(
    id: string,
    userId: string,
    bucket: CreditBucket,
    buckets: CreditBucket[] | null = null,
  ): Promise<void> {
    await this.trx
      .insertInto('credit_reservations')
      .values({
        id,
        user_id: userId,
        clinic_id: this.clinicId,
        bucket,
        status: 'reserved',
        settled_at: null,
        buckets: buckets ? JSON.stringify(buckets) : null,
      })
      .execute();
  }

  /** The video a reservation pays for, written in the same transaction as the reservation. */
  insertVideo(video: NewVideo): Promise<VideoRow> {
    return insertVideo(this.trx, video);
  }

  /** Ends the video a reservation paid for, in the same transaction as its settlement. */
  finishVideo(id: string, ownerId: string, changes: FinishedVideoChanges): Promise<boolean> {
    return finishVideo(this.trx, id, ownerId, changes);
  }

  /** The consent the video was made under, written with the video. */
  insertConsent(consent: NewConsent): Promise<ConsentRow> {
    return insertConsent(this.trx, consent);
  }

  /** One of this clinic's reservations. */
  findReservation(id: string) {
    return this.trx
      .selectFrom('credit_reservations')
      .selectAll()
      .where('id', '=', id)
      .where('clinic_id', '=', this.clinicId)
      .forUpdate()
      .executeTakeFirst();
  }

  async settleReservation(id: string, status: 'committed' | 'refunded'): Promise<void> {
    await this.trx
      .updateTable('credit_reservations')
      .set({ status, settled_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
}

async function insertLedgerEntry(
  trx: Transaction<Database>,
  clinicId: string,
  entry: NewLedgerEntry,
): Promise<void> {
  await trx
    .insertInto('credit_ledger')
    .values({
      user_id: entry.userId,
      clinic_id: clinicId,
      bucket: entry.bucket,
      delta: entry.delta,
      reason: entry.reason,
      reservation_id: entry.reservationId ?? null,
      note: entry.note ?? null,
      balance_after: entry.balanceAfter,
    })
    .execute();
}
