import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ConsentRecordsTable, Database } from './schema.ts';
import type { LiveVideoStatus, VideoRow } from './videos.repository.ts';

export type ConsentRow = Selectable<ConsentRecordsTable>;

export interface NewConsent {
  id: string;
  videoId: string;
  userId: string;
  attestedByUserId: string;
  attestedByName: string;
  ipAddress: string | null;
  userAgent: string | null;
  patientReference: string | null;
  channels: readonly string[];
  expiresAt: Date | null;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** Inserts a video's consent record; called inside the transaction that creates the video. */
export async function insertConsent(executor: Executor, consent: NewConsent): Promise<ConsentRow> {
  return executor
    .insertInto('consent_records')
    .values({
      id: consent.id,
      video_id: consent.videoId,
      user_id: consent.userId,
      attested_by_user_id: consent.attestedByUserId,
      attested_by_name: consent.attestedByName,
      ip_address: consent.ipAddress,
      user_agent: consent.userAgent,
      patient_reference: consent.patientReference,
      channels: JSON.stringify(consent.channels),
      expires_at: consent.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export class ConsentRecordsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` on one transaction: a revocation and the audit event describing it. */
  transaction<T>(
    work: (consents: ConsentRecordsRepository, trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ConsentRecordsRepository(trx), trx));
  }

  findForVideo(videoId: string): Promise<ConsentRow | undefined> {
    return this.db
      .selectFrom('consent_records')
      .selectAll()
      .where('video_id', '=', videoId)
      .executeTakeFirst();
  }

  /** The records of several videos in one query, by video id. */
  async findForVideos(videoIds: readonly string[]): Promise<Map<string, ConsentRow>> {
    if (videoIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('consent_records')
      .selectAll()
      .where('video_id', 'in', videoIds)
      .execute();
    return new Map(rows.map((row) => [row.video_id, row]));
  }

  /**
   * Marks a video's consent revoked, once: of two revocations at once exactly one changes the
   * row; the other (and any later one) gets undefined.
   */
  revoke(
    videoId: string,
    revocation: { reason: string; byUserId: string; at: Date },
  ): Promise<ConsentRow | undefined> {
    return this.db
      .updateTable('consent_records')
      .set({
        revoked_at: revocation.at,
        revoked_reason: revocation.reason,
        revoked_by_user_id: revocation.byUserId,
      })
      .where('video_id', '=', videoId)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Marks the next consent whose expiry has passed by `now` as handled and runs `work` in the
   * same transaction: the mark, and what `work` writes (audit entry, webhook), stand or fall
   * together. A row another server is handling is skipped, not waited for; revoked consents
   * were already announced. Resolves false when none is left (`skipIds` aside).
   */
  handleNextExpired(
    now: Date,
    skipIds: readonly string[],
    work: (
      expired: { consent: ConsentRow; video: VideoRow },
      transaction: Transaction<Database>,
    ) => Promise<void>,
  ): Promise<ConsentRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('consent_records')
        .select('id')
        .where('expires_at', '<=', now)
        .where('expiry_handled_at', 'is', null)
        .where('revoked_at', 'is', null)
        .orderBy('expires_at')
        .limit(1)
        .forUpdate()
        .skipLocked();
      if (skipIds.length > 0) query = query.where('id', 'not in', skipIds);
      const next = await query.executeTakeFirst();
      if (!next) return undefined;
      const consent = await trx
        .updateTable('consent_records')
        .set({ expiry_handled_at: now })
        .where('id', '=', next.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // A deleted video's consent is marked handled with nothing to announce.
      const video = await trx
        .selectFrom('videos')
        .selectAll()
        .where('id', '=', consent.video_id)
        .where('status', '!=', 'deleted')
        .$narrowType<{ status: LiveVideoStatus }>()
        .executeTakeFirst();
      if (video) await work({ consent, video }, trx);
      return consent;
    });
  }
}
