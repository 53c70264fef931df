import { SYSTEM_ACTOR } from '../audit/request-actor.ts';
import { isWellFormedId } from '@glowreel/contracts';
import type { AuditActor, AuditTrail } from '../audit/audit-trail.ts';
import type { DataRightsRepository } from '../db/data-rights.repository.ts';
import type { VideoRow, VideosRepository } from '../db/videos.repository.ts';
import { AppError } from '../errors.ts';
import type { VideoStorage } from '../storage/video-storage.ts';

export interface VideoDeletionDependencies {
  videos: Pick<VideosRepository, 'findById'>;
  rows: Pick<DataRightsRepository, 'transaction' | 'markVideoDeleted'>;
  storage: Pick<VideoStorage, 'delete'>;
  audit: AuditTrail;
  log: { error: (details: object, message: string) => void };
  now?: () => Date;
}

/**
 * Deletes a video for its clinic (issue #18 §2): the record becomes a bare 'deleted' row (what
 * the ledger's reservation and the audit log point at) in the transaction that records
 * `video.deleted`, then the MP4 and poster leave storage. From that commit on every read of
 * the video — history, details, downloads, signed links, the API — answers 404.
 */
export class VideoDeletionService {
  constructor(private readonly deps: VideoDeletionDependencies) {}

  /**
   * The acting member deletes a video of the clinic they act for (issue #21), whoever made it;
   * a video of any other clinic answers 404 like a missing one.
   */
  async deleteClinicVideo(
    member: { userId: string; clinicId: string },
    videoId: string,
    actor: AuditActor,
  ): Promise<void> {
    const row = await this.findVideo(videoId);
    if (row?.clinic_id !== member.clinicId) throw notFound();
    await this.delete(row, member.userId, actor);
  }

  /** The retention job's entry point (system actor) and the API's; by the video's maker. */
  async deleteVideo(
    userId: string,
    videoId: string,
    actor: AuditActor = SYSTEM_ACTOR,
  ): Promise<void> {
    const row = await this.findVideo(videoId);
    // Another account's video, a deleted one and a missing one answer alike.
    if (row?.user_id !== userId) throw notFound();
    await this.delete(row, userId, actor);
  }

  private async findVideo(videoId: string): Promise<VideoRow | undefined> {
    return isWellFormedId(videoId) ? await this.deps.videos.findById(videoId) : undefined;
  }

  private async delete(row: VideoRow, accountId: string, actor: AuditActor): Promise<void> {
    if (row.status === 'processing') {
      throw new AppError(
        'video_rendering',
        'This video is still rendering. Delete it once it has finished.',
      );
    }
    const now = (this.deps.now ?? (() => new Date()))();
    const videoId = row.id;
    const deleted = await this.deps.rows.transaction(async (trx) => {
      if (
        !(await this.deps.rows.markVideoDeleted(trx, { clinicId: row.clinic_id, videoId, now }))
      ) {
        return false;
      }
      await this.deps.audit.record(
        { kind: 'video.deleted', accountId, actor, target: { type: 'video', id: videoId } },
        trx,
      );
      return true;
    });
    // A second request that lost the race finds nothing left to delete.
    if (!deleted) throw notFound();
    await this.removeFiles([row.video_key, row.thumbnail_key]);
  }

  /** The row no longer names the files; one that cannot be removed now is left to the log. */
  private async removeFiles(keys: (string | null)[]): Promise<void> {
    for (const key of keys) {
      if (key === null) continue;
      try {
        await this.deps.storage.delete(key);
      } catch (error) {
        this.deps.log.error({ key, err: error }, 'a deleted video file could not be removed');
      }
    }
  }
}

function notFound(): AppError {
  return new AppError('not_found', 'No video with this id.');
}
