import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import { readCacheOf, type ReadCache } from './read-cache.ts';
import type { EngineId, Template } from '@glowreel/contracts';
import type { Database, VideoStatus, VideosTable } from './schema.ts';

/** A video that exists: the repository's reads never return a deleted one. */
export type LiveVideoStatus = Exclude<VideoStatus, 'deleted'>;
export type VideoRow = Omit<Selectable<VideosTable>, 'status'> & { status: LiveVideoStatus };
/** What a video record (services/video-record.ts) shows: no options, paths or job bookkeeping. */
const RECORD_COLUMNS = [
  'id',
  'user_id',
  'clinic_id',
  'title',
  'prompt',
  'status',
  'created_at',
  'updated_at',
  'thumbnail_key',
  'processing_time_ms',
  'file_size',
  'duration',
  'error_message',
  'error_code',
  'progress',
  'stage',
  'width',
  'height',
  'warnings',
  'provenance',
  'template',
  'engine',
  'safety_category',
] as const satisfies readonly (keyof VideoRow)[];
export type VideoRecordRow = Pick<VideoRow, (typeof RECORD_COLUMNS)[number]>;

export type VideoChanges = Omit<
  Updateable<VideosTable>,
  'id' | 'user_id' | 'created_at' | 'updated_at'
>;

export interface NewVideo {
  id: string;
  /** The member who made it. */
  userId: string;
  /** The clinic it belongs to (the acting clinic); the member's personal clinic when omitted. */
  clinicId?: string;
  title: string;
  prompt: string;
  options: unknown;
  /** The template resolved for this video (the format's default when none was chosen). */
  template: Template;
  /** Omitted: the built-in engine. */
  engine?: EngineId;
  width: number;
  height: number;
  reservationId: string;
  inputPath: string;
  /** The public API's webhook_url, if the request gave one. */
  webhookUrl?: string | null;
  warnings?: { code: string; message: string }[];
  /** The process that will run the job, and how long its claim lasts without a heartbeat. */
  ownerId: string;
  leaseMs: number;
}

/** A job a recovering process wants to take: from whom, and whether only once the lease ran out. */
export interface ClaimCondition {
  previousOwner: string | null;
  onlyIfExpired: boolean;
}

type Executor = Kysely<Database> | Transaction<Database>;

// Leases are compared with the database's clock only, so servers whose clocks disagree
// still agree on which leases have run out.
function leaseFromNow(leaseMs: number) {
  return sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`;
}

/** Inserts a processing video; also used inside the credit reservation's transaction. */
export function insertVideo(executor: Executor, video: NewVideo): Promise<VideoRow> {
  return executor
    .insertInto('videos')
    .values({
      id: video.id,
      user_id: video.userId,
      clinic_id: video.clinicId ?? personalClinicIdOf(video.userId),
      title: video.title,
      prompt: video.prompt,
      status: 'processing',
      options: JSON.stringify(video.options),
      template: video.template,
      engine: video.engine ?? 'builtin',
      width: video.width,
      height: video.height,
      reservation_id: video.reservationId,
      input_path: video.inputPath,
      webhook_url: video.webhookUrl ?? null,
      warnings: JSON.stringify(video.warnings ?? []),
      owner_id: video.ownerId,
      lease_expires_at: leaseFromNow(video.leaseMs),
    })
    .returningAll()
    .$narrowType<{ status: 'processing' }>()
    .executeTakeFirstOrThrow();
}

export class VideosRepository {
  private readonly cache: ReadCache | undefined;

  constructor(private readonly db: Kysely<Database>) {
    this.cache = readCacheOf(db);
  }

  /**
   * Asked by every poll of a video; remembered on the embedded database (see read-cache.ts).
   * A deleted video (issue #18 §2) is found by no read here: for every page, link and API
   * call it is gone, though its bare row stays for the ledger and the audit log.
   */
  findById(id: string): Promise<VideoRow | undefined> {
    const load = () =>
      this.db
        .selectFrom('videos')
        .selectAll()
        .where('id', '=', id)
        .where('status', '<>', 'deleted')
        .$narrowType<{ status: LiveVideoStatus }>()
        .executeTakeFirst();
    return this.cache ? this.cache.read(`video:${id}`, load) : load();
  }

  /** The columns a video record shows, for the polled GET /api/videos/:id. */
  findRecordById(id: string): Promise<VideoRecordRow | undefined> {
    const load = () =>
      this.db
        .selectFrom('videos')
        .select(RECORD_COLUMNS)
        .where('id', '=', id)
        .where('status', '<>', 'deleted')
        .$narrowType<{ status: LiveVideoStatus }>()
        .executeTakeFirst();
    return this.cache ? this.cache.read(`video-record:${id}`, load) : load();
  }

  /** The clinic's videos, newest first: every member's. */
  listForClinic(clinicId: string, limit = 200): Promise<VideoRow[]> {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .where('status', '<>', 'deleted')
      .$narrowType<{ status: LiveVideoStatus }>()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * One page of the clinic's videos (every member's), newest first, after the video `afterId`
   * (the last row of the previous page). The position is compared in SQL, at the database's own
   * timestamp precision.
   */
  listPageForClinic(clinicId: string, afterId: string | null, limit: number): Promise<VideoRow[]> {
    let query = this.db
      .selectFrom('videos')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .where('status', '<>', 'deleted')
      .$narrowType<{ status: LiveVideoStatus }>()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
    if (afterId !== null) {
      query = query.where(
        sql<boolean>`(created_at, id) < (select v.created_at, v.id from videos v where v.id = ${afterId} and v.clinic_id = ${clinicId})`,
      );
    }
    return query.execute();
  }

  /** Processing jobs another process owns (or owned), oldest first. */
  listProcessingNotOwnedBy(ownerId: string): Promise<VideoRow[]> {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('status', '=', 'processing')
      .$narrowType<{ status: 'processing' }>()
      .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '<>', ownerId)]))
      .orderBy('created_at')
      .execute();
  }

  /** This process's processing jobs whose record nothing has changed for `untouchedMs`. */
  listProcessingOwnedBy(ownerId: string, untouchedMs: number): Promise<VideoRow[]> {
    return (
      this.db
        .selectFrom('videos')
        .selectAll()
        .where('status', '=', 'processing')
        .$narrowType<{ status: 'processing' }>()
        .where('owner_id', '=', ownerId)
        // Written by this process's own clock, so compared with it.
        .where('updated_at', '<', new Date(Date.now() - untouchedMs))
        .orderBy('created_at')
        .execute()
    );
  }

  /**
   * Scale mode: processing jobs no worker holds alive — still this process's (accepted here,
   * never taken by a worker), or whose owner stopped renewing its lease.
   */
  listStranded(ownerId: string): Promise<VideoRow[]> {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('status', '=', 'processing')
      .$narrowType<{ status: 'processing' }>()
      .where((eb) =>
        eb.or([
          eb('owner_id', 'is', null),
          eb('owner_id', '=', ownerId),
          eb('lease_expires_at', 'is', null),
          eb('lease_expires_at', '<', sql<Date>`now()`),
        ]),
      )
      .orderBy('created_at')
      .execute();
  }

  /**
   * How long the latest renders of one size took, newest first (the render-time estimate,
   * issue 18 §5). Read from the table, so the measurement survives restarts.
   */
  async recentRenderTimes(size: { width: number; height: number }, limit: number) {
    const rows = await this.db
      .selectFrom('videos')
      .select('processing_time_ms')
      .where('status', '=', 'completed')
      // A generative video's minutes with the provider say nothing about a render's seconds.
      .where('engine', '=', 'builtin')
      .where('width', '=', size.width)
      .where('height', '=', size.height)
      .where('processing_time_ms', 'is not', null)
      .orderBy('completed_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => Number(row.processing_time_ms));
  }

  /** Renders accepted and not yet finished by one process: the queue a new job joins there. */
  async countProcessingOwnedBy(ownerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('status', '=', 'processing')
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The heartbeat: keeps every job this process owns, running or waiting, its own. */
  async renewLeases(ownerId: string, leaseMs: number): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({ lease_expires_at: leaseFromNow(leaseMs) })
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'processing')
      .execute();
  }

  /**
   * Takes a job over in one statement, so of two recovering processes exactly one gets it:
   * the row must still be processing, still have the owner the caller saw and, when asked,
   * an expired lease.
   */
  async claim(
    id: string,
    ownerId: string,
    leaseMs: number,
    condition: ClaimCondition,
  ): Promise<boolean> {
    let query = this.db
      .updateTable('videos')
      .set({ owner_id: ownerId, lease_expires_at: leaseFromNow(leaseMs), updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where('owner_id', condition.previousOwner === null ? 'is' : '=', condition.previousOwner);
    if (condition.onlyIfExpired) {
      query = query.where((eb) =>
        eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', sql<Date>`now()`)]),
      );
    }
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The clinic asked to stop a video still processing; false when it had already ended. */
  async requestCancel(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('videos')
      .set({ cancel_requested_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Asked at each poll of a generative job, straight from the database (never cached). */
  async isCancelRequested(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('videos')
      .select('cancel_requested_at')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.cancel_requested_at != null;
  }

  async update(id: string, changes: VideoChanges): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
}

export type FinishedVideoChanges = VideoChanges & { status: 'completed' | 'failed' };

/**
 * Moves a video out of processing once, and only by its owner; false when another path
 * already finished it or another process took it over. Runs inside the transaction that
 * settles the video's credit, so no reader ever sees the one without the other.
 */
export async function finishVideo(
  executor: Executor,
  id: string,
  ownerId: string,
  changes: FinishedVideoChanges,
): Promise<boolean> {
  const result = await executor
    .updateTable('videos')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
