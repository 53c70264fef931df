import { purgeAccountAuditEvents } from '../audit/audit-events.repository.ts';
import { type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** What deleting an account must clean up outside the database once its rows are gone. */
export interface AccountFiles {
  videoKeys: string[];
  logoKey: string | null;
  photoKey: string | null;
  exportKeys: string[];
  sessionTokens: string[];
}

/** The rows behind video deletion, account deletion and the export's own sections. */
export class DataRightsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (transaction: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * Turns a finished video into its bare deleted row and strips its consent record of the
   * personal fields (who attested by name, IP, user agent, patient reference); false when it
   * is not there to delete (already deleted, someone else's, or still rendering).
   */
  async markVideoDeleted(
    trx: Transaction<Database>,
    input: { userId: string; videoId: string; now: Date },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('videos')
      .set({
        status: 'deleted',
        deleted_at: input.now,
        updated_at: input.now,
        title: '',
        prompt: '',
        options: '{}',
        warnings: '[]',
        provenance: null,
        input_path: null,
        video_key: null,
        thumbnail_key: null,
        error_message: null,
        webhook_url: null,
      })
      .where('id', '=', input.videoId)
      .where('user_id', '=', input.userId)
      .where('status', 'in', ['completed', 'failed'])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('consent_records')
      .set({
        attested_by_name: '',
        ip_address: null,
        user_agent: null,
        patient_reference: null,
        revoked_reason: null,
      })
      .where('video_id', '=', input.videoId)
      .execute();
    return true;
  }

  findUser(
    userId: string,
  ): Promise<{ id: string; email: string; name: string; createdAt: Date } | undefined> {
    return this.db
      .selectFrom('user')
      .select(['id', 'email', 'name', 'createdAt'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** The password hash of the account's e-mail-and-password sign-in, if it has one. */
  async findPasswordHash(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('account')
      .select('password')
      .where('userId', '=', userId)
      .where('providerId', '=', 'credential')
      .executeTakeFirst();
    return row?.password ?? null;
  }

  /**
   * The names of the clinics `userId` is the only owner of while other people are members:
   * deleting the account would leave them without anyone who may manage billing or transfer.
   */
  async findClinicsLeftWithoutOwner(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('member as own')
      .innerJoin('organization', 'organization.id', 'own.organizationId')
      .select('organization.name')
      .where('own.userId', '=', userId)
      .where('own.role', '=', 'owner')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('member as other')
              .select('other.id')
              .whereRef('other.organizationId', '=', 'own.organizationId')
              .where('other.userId', '!=', userId)
              .where('other.role', '=', 'owner'),
          ),
        ),
      )
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('member as other')
            .select('other.id')
            .whereRef('other.organizationId', '=', 'own.organizationId')
            .where('other.userId', '!=', userId),
        ),
      )
      .orderBy('organization.name')
      .execute();
    return rows.map((row) => row.name);
  }

  async hasVideoRendering(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('videos')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return row !== undefined;
  }

  async findAccountFiles(userId: string): Promise<AccountFiles> {
    const [videos, brand, photo, exports, sessions] = await Promise.all([
      this.db
        .selectFrom('videos')
        .select(['video_key', 'thumbnail_key'])
        .where('user_id', '=', userId)
        .execute(),
      this.db
        .selectFrom('brand_kits')
        .select('logo_key')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      this.db
        .selectFrom('profile_photos')
        .select('photo_key')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      this.db.selectFrom('data_exports').select('file_key').where('user_id', '=', userId).execute(),
      this.db.selectFrom('session').select('token').where('userId', '=', userId).execute(),
    ]);
    return {
      videoKeys: videos.flatMap((row) =>
        [row.video_key, row.thumbnail_key].filter((key): key is string => key !== null),
      ),
      logoKey: brand?.logo_key ?? null,
      photoKey: photo?.photo_key ?? null,
      exportKeys: exports.flatMap((row) => (row.file_key ? [row.file_key] : [])),
      sessionTokens: sessions.map((row) => row.token),
    };
  }

  /**
   * Keeps what the books need of the account's credit ledger — per bucket and reason, how
   * many entries and their sum — under an id that leads back to nobody, then deletes the
   * user: every row of the account (profile, ledger, reservations, videos and their consent
   * records, keys, webhooks, brand kit, photo, exports, sessions, sign-in methods) goes with
   * it by the foreign keys' cascade.
   */
  async deleteUserKeepingLedgerTotals(
    trx: Transaction<Database>,
    input: { userId: string; now: Date },
  ): Promise<boolean> {
    const totals = await trx
      .selectFrom('credit_ledger')
      .select(['bucket', 'reason'])
      .select((eb) => [
        eb.fn.countAll<string>().as('entries'),
        eb.fn.sum<string>('delta').as('total_delta'),
      ])
      .where('user_id', '=', input.userId)
      .groupBy(['bucket', 'reason'])
      .execute();
    if (totals.length > 0) {
      const anonymousAccountId = crypto.randomUUID();
      await trx
        .insertInto('deleted_account_ledger_totals')
        .values(
          totals.map((row) => ({
            anonymous_account_id: anonymousAccountId,
            account_deleted_at: input.now,
            bucket: row.bucket,
            reason: row.reason,
            entries: Number(row.entries),
            total_delta: Number(row.total_delta),
          })),
        )
        .execute();
    }
    const deleted = await trx.deleteFrom('user').where('id', '=', input.userId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await purgeAccountAuditEvents(trx, input.userId);
    return true;
  }

  /** Everything the export's JSON lists besides the audit log. */
  async readAccountForExport(userId: string) {
    const [profile, ledger, videos, consents, engineOptIns] = await Promise.all([
      this.db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      this.db
        .selectFrom('credit_ledger')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('videos')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '<>', 'deleted')
        .orderBy('created_at')
        .execute(),
      this.db.selectFrom('consent_records').selectAll().where('user_id', '=', userId).execute(),
      this.db.selectFrom('engine_opt_ins').selectAll().where('user_id', '=', userId).execute(),
    ]);
    return { profile, ledger, videos, consents, engineOptIns };
  }
}
