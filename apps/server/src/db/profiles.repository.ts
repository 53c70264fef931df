import type { Kysely, Selectable, Transaction } from 'kysely';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import type { CreditBucket, Database, LedgerReason, ProfilesTable, VideoStatus } from './schema.ts';
import { readCacheOf, type ReadCache } from './read-cache.ts';
import { insertConsent, type ConsentRow, type NewConsent } from './consent-records.repository.ts';
import { insertVideo, type NewVideo, type VideoRow } from './videos.repository.ts';

export type ProfileRow = Selectable<ProfilesTable>;

export interface ProfileWithUser extends ProfileRow {
  email: string;
  name: string;
  image: string | null;
  /** The member's uploaded profile photo, if any (profile_photos). */
  photo_key: string | null;
}

export interface NewLedgerEntry {
  userId: string;
  bucket: CreditBucket;
  delta: number;
  reason: LedgerReason;
  reservationId?: string | null;
  note?: string | null;
  balanceAfter: number;
}

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Reads and writes a user's profile row and its credit ledger. Every balance change
 * happens inside `withLockedProfile`, which holds the row lock until the ledger row is in.
 */
export class ProfilesRepository {
  private readonly cache: ReadCache | undefined;

  constructor(private readonly db: Kysely<Database>) {
    this.cache = readCacheOf(db);
  }

  /** Asked by every signed-in page; remembered on the embedded database (see read-cache.ts). */
  findWithUser(userId: string): Promise<ProfileWithUser | undefined> {
    const load = () =>
      this.db
        .selectFrom('profiles')
        .innerJoin('user', 'user.id', 'profiles.user_id')
        .leftJoin('profile_photos', 'profile_photos.user_id', 'profiles.user_id')
        .selectAll('profiles')
        .select(['user.email', 'user.name', 'user.image', 'profile_photos.photo_key'])
        .where('profiles.user_id', '=', userId)
        .executeTakeFirst();
    return this.cache ? this.cache.read(`profile:${userId}`, load) : load();
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

  /** Runs `work` in one transaction with the profile row locked against concurrent changes. */
  withLockedProfile<T>(userId: string, work: (locked: LockedProfile) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('profiles')
        .selectAll()
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return work(new LockedProfile(trx, row));
    });
  }

  findReservationOwner(reservationId: string): Promise<string | undefined> {
    return findReservationOwner(this.db, reservationId);
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

  listLedger(userId: string) {
    return this.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }
}

/** The profile row inside a transaction; only valid while the transaction runs. */
export class LockedProfile {
  constructor(
    private readonly trx: Transaction<Database>,
    readonly row: ProfileRow | undefined,
  ) {}

  /** For a write that stands or falls with this one (the audit event describing it). */
  get transaction(): Transaction<Database> {
    return this.trx;
  }

  /** The account's profile, in its personal clinic. */
  async insert(
    profile: Omit<ProfileRow, 'clinic_id' | 'created_at' | 'updated_at'>,
  ): Promise<void> {
    await this.trx
      .insertInto('profiles')
      .values({ ...profile, clinic_id: personalClinicIdOf(profile.user_id) })
      .execute();
  }

  async update(
    userId: string,
    changes: Partial<Omit<ProfileRow, 'user_id' | 'clinic_id' | 'created_at' | 'updated_at'>>,
  ): Promise<void> {
    await this.trx
      .updateTable('profiles')
      .set({ ...changes, updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
  }

  async appendLedger(entry: NewLedgerEntry): Promise<void> {
    await insertLedgerEntry(this.trx, entry);
  }

  /** `buckets`: each credit's bucket when more than one is held (null: one, from `bucket`). */
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
        clinic_id: personalClinicIdOf(userId),
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

  /** The consent the video was made under, written with the video. */
  insertConsent(consent: NewConsent): Promise<ConsentRow> {
    return insertConsent(this.trx, consent);
  }

  findReservation(id: string) {
    return this.trx
      .selectFrom('credit_reservations')
      .selectAll()
      .where('id', '=', id)
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

async function insertLedgerEntry(executor: Executor, entry: NewLedgerEntry): Promise<void> {
  await executor
    .insertInto('credit_ledger')
    .values({
      user_id: entry.userId,
      clinic_id: personalClinicIdOf(entry.userId),
      bucket: entry.bucket,
      delta: entry.delta,
      reason: entry.reason,
      reservation_id: entry.reservationId ?? null,
      note: entry.note ?? null,
      balance_after: entry.balanceAfter,
    })
    .execute();
}

export function findReservationOwner(db: Kysely<Database>, reservationId: string) {
  return db
    .selectFrom('credit_reservations')
    .select('user_id')
    .where('id', '=', reservationId)
    .executeTakeFirst()
    .then((row) => row?.user_id);
}
