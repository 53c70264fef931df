import type { AuditActor, AuditTrail } from '../audit/audit-trail.ts';
import type { ConsentRecordsRepository, ConsentRow } from '../db/consent-records.repository.ts';
import { AppError } from '../errors.ts';
import type { VideosService } from './videos.service.ts';

export interface ConsentServiceDependencies {
  consents: ConsentRecordsRepository;
  videos: Pick<VideosService, 'requireClinicVideo'>;
  log: { error: (details: object, message: string) => void };
  /** consent.revoked goes in the audit log with the revocation (issue #18 §4). */
  audit: AuditTrail;
  now?: () => Date;
}

/** Revoking a video's consent (issue #18 §1): the video is withdrawn from then on. */
export class ConsentService {
  private readonly revokedListeners: ((consent: ConsentRow) => Promise<void>)[] = [];

  constructor(private readonly deps: ConsentServiceDependencies) {}

  /** Called once per revocation that took effect (the public API's webhook). */
  onRevoked(listener: (consent: ConsentRow) => Promise<void>): void {
    this.revokedListeners.push(listener);
  }

  /**
   * A revocation for the clinic a member or an API key acts for (issue #21): any video of the
   * clinic, whoever of its members made it (the web route lets only owners and admins here);
   * another clinic's is as missing as none (404). The record names the member who revoked.
   */
  async revokeForClinic(
    member: { userId: string; clinicId: string },
    videoId: string,
    reason: string,
    actor: AuditActor,
  ): Promise<ConsentRow> {
    await this.deps.videos.requireClinicVideo(member.clinicId, videoId);
    const { userId, clinicId } = member;
    const existing = await this.deps.consents.findForVideo(videoId);
    if (!existing) {
      throw new AppError(
        'conflict',
        'This video was made before consent records were kept, so there is no consent to revoke. Delete the video instead.',
      );
    }
    const at = (this.deps.now ?? (() => new Date()))();
    const revoked = await this.deps.consents.transaction(async (consents, trx) => {
      const row = await consents.revoke(videoId, { reason, byUserId: userId, at });
      if (row) {
        await this.deps.audit.record(
          {
            kind: 'consent.revoked',
            accountId: userId,
            clinicId,
            actor,
            target: { type: 'consent', id: row.id },
            // The reason stays on the consent record: free text may name the patient.
            details: { videoId },
          },
          trx,
        );
      }
      return row;
    });
    if (!revoked) {
      throw new AppError(
        'conflict',
        `The consent for this video was already revoked on ${existing.revoked_at?.toISOString().slice(0, 10) ?? 'an earlier day'}.`,
      );
    }
    for (const listener of this.revokedListeners) {
      // A listener's failure (a webhook queue) never undoes or hides the revocation.
      await listener(revoked).catch((error: unknown) =>
        this.deps.log.error({ videoId, err: error }, 'consent revoked listener failed'),
      );
    }
    return revoked;
  }
}
