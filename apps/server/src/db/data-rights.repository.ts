import { purgeAccountAuditEvents } from '../audit/audit-events.repository.ts';
import { type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { OWNER_ROLE } from '../clinics/clinics.repository.ts';
import type { Database } from './schema.ts';

/** What deleting an account must clean up outside the database once its rows are gone. */
export interface AccountFiles {
  videoKeys: string[];
  logoKeys: string[];
  photoKey: string | null;
  exportKeys: string[];
  sessionTokens: string[];
}

/** Members of the clinic in scope other than `userId`. */
function otherMembers(eb: ExpressionBuilder<Database, 'organization'>, userId: string) {
  return eb
    .selectFrom('member as other')
    .select('other.id')
    .whereRef('other.organizationId', '=', 'organization.id')
    .where('other.userId', '!=', userId);
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
   * is not there to delete (already deleted, another clinic's, or still rendering).
   */
  async markVideoDeleted(
    trx: Transaction<Database>,
    input: { clinicId: string; videoId: string; now: Date },
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
      .where('clinic_id', '=', input.clinicId)
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

  /**
   * The clinics that are the account's alone (issue #21): those it belongs to, or is the
   * personal owner of, with no other member. They go with the account; every other clinic
   * keeps what the account made in it.
   */
  async findOwnClinicIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('organization')
      .select('organization.id')
      .where((eb) =>
        eb.or([
          eb('organization.personalOwnerId', '=', userId),
          eb.exists(
            eb
              .selectFrom('member')
              .select('member.id')
              .whereRef('member.organizationId', '=', 'organization.id')
              .where('member.userId', '=', userId),
          ),
        ]),
      )
      .where((eb) => eb.not(eb.exists(otherMembers(eb, userId))))
      .orderBy('organization.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** A render still running in one of `clinicIds`, or one the account started anywhere. */
  async hasVideoRendering(userId: string, clinicIds: readonly string[]): Promise<boolean> {
    const row = await this.db
      .selectFrom('videos')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('user_id', '=', userId),
          ...(clinicIds.length > 0 ? [eb('clinic_id', 'in', clinicIds)] : []),
        ]),
      )
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The files of the account's own clinics (their videos and logo, whoever made them) and of
   * the person (photo, exports, sessions); videos it made in other clinics stay with them.
   */
  async findAccountFiles(userId: string, clinicIds: readonly string[]): Promise<AccountFiles> {
    const [videos, brands, photo, exports, sessions] = await Promise.all([
      clinicIds.length === 0
        ? []
        : this.db
            .selectFrom('videos')
            .select(['video_key', 'thumbnail_key'])
            .where('clinic_id', 'in', clinicIds)
            .execute(),
      clinicIds.length === 0
        ? []
        : this.db
            .selectFrom('brand_kits')
            .select('logo_key')
            .where('clinic_id', 'in', clinicIds)
            .execute(),
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
      logoKeys: brands.flatMap((row) => (row.logo_key ? [row.logo_key] : [])),
      photoKey: photo?.photo_key ?? null,
      exportKeys: exports.flatMap((row) => (row.file_key ? [row.file_key] : [])),
      sessionTokens: sessions.map((row) => row.token),
    };
  }

  /**
   * Keeps what the books need of the credit ledger of the account's own clinics — per bucket
   * and reason, how many entries and their sum — under an id that leads back to nobody, then
   * deletes the user and those clinics. A clinic's rows (profile, ledger, reservations, videos
   * and their consent records, keys, webhooks, brand kit) go with it by the clinic_id cascade;
   * the person's (photo, exports, sessions, sign-in methods, memberships) with the user. What
   * the account made in other clinics stays there, naming it by its bare id. A clinic someone
   * joined since `clinicIds` was read is not deleted.
   */
  async deleteUserKeepingLedgerTotals(
    trx: Transaction<Database>,
    input: { userId: string; clinicIds: readonly string[]; now: Date },
  ): Promise<boolean> {
    const clinicIds =
      input.clinicIds.length === 0
        ? []
        : (
            await trx
              .selectFrom('organization')
              .select('organization.id')
              .where('organization.id', 'in', input.clinicIds)
              .where((eb) => eb.not(eb.exists(otherMembers(eb, input.userId))))
              .forUpdate()
              .execute()
          ).map((row) => row.id);
    const deleted = await trx.deleteFrom('user').where('id', '=', input.userId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await purgeAccountAuditEvents(trx, input.userId, clinicIds);
    const totals =
      clinicIds.length === 0
        ? []
        : await trx
            .selectFrom('credit_ledger')
            .select(['bucket', 'reason'])
            .select((eb) => [
              eb.fn.countAll<string>().as('entries'),
              eb.fn.sum<string>('delta').as('total_delta'),
            ])
            .where('clinic_id', 'in', clinicIds)
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
    if (clinicIds.length > 0) {
      await trx.deleteFrom('organization').where('id', 'in', clinicIds).execute();
    }
    return true;
  }

  /**
   * Everything the export's JSON lists besides the audit log (issue #18 §2 with issue #21):
   * the clinics the account owns with their ledger, videos and engine notices, whoever made
   * them, and the videos the account made in clinics it does not own — without the consent
   * evidence, which is that clinic's record.
   */
  async readAccountForExport(userId: string) {
    const clinics = await this.db
      .selectFrom('member')
      .innerJoin('organization', 'organization.id', 'member.organizationId')
      .select(['organization.id', 'organization.name', 'organization.personalOwnerId'])
      .where('member.userId', '=', userId)
      .where('member.role', '=', OWNER_ROLE)
      .orderBy('organization.createdAt')
      .orderBy('organization.id')
      .execute();
    const clinicIds = clinics.map((clinic) => clinic.id);
    const owned = <T>(read: (ids: string[]) => Promise<T[]>): Promise<T[]> =>
      clinicIds.length === 0 ? Promise.resolve([]) : read(clinicIds);
    // The account's own credits and plan: its personal clinic's (issue #21: profiles are a
    // clinic's); the other clinics it owns are listed with their ledger.
    const personalClinic = clinics.find((clinic) => clinic.personalOwnerId === userId);
    const [profile, ledger, videos, consents, engineOptIns] = await Promise.all([
      personalClinic
        ? this.db
            .selectFrom('profiles')
            .selectAll()
            .where('clinic_id', '=', personalClinic.id)
            .executeTakeFirst()
        : undefined,
      owned((ids) =>
        this.db
          .selectFrom('credit_ledger')
          .selectAll()
          .where('clinic_id', 'in', ids)
          .orderBy('id')
          .execute(),
      ),
      this.db
        .selectFrom('videos')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('user_id', '=', userId),
            ...(clinicIds.length > 0 ? [eb('clinic_id', 'in', clinicIds)] : []),
          ]),
        )
        .where('status', '<>', 'deleted')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      owned((ids) =>
        this.db
          .selectFrom('consent_records')
          .innerJoin('videos', 'videos.id', 'consent_records.video_id')
          .selectAll('consent_records')
          .where('videos.clinic_id', 'in', ids)
          .execute(),
      ),
      owned((ids) =>
        this.db.selectFrom('engine_opt_ins').selectAll().where('clinic_id', 'in', ids).execute(),
      ),
    ]);
    return {
      clinics: clinics.map((clinic) => ({
        id: clinic.id,
        name: clinic.name,
        personal: clinic.personalOwnerId === userId,
      })),
      profile,
      ledger,
      videos,
      consents,
      engineOptIns,
    };
  }
}
