import { SYSTEM_ACTOR } from '../audit/request-actor.ts';
import type { Transaction } from 'kysely';
import type { AuditTrail } from '../audit/audit-trail.ts';
import type { ConsentRecordsRepository, ConsentRow } from '../db/consent-records.repository.ts';
import type { Database } from '../db/schema.ts';
import type { VideoRow } from '../db/videos.repository.ts';

/** Told of each expiry inside the transaction that marks it handled (the API's webhook). */
export type ConsentExpiredListener = (
  expired: { consent: ConsentRow; video: VideoRow },
  transaction: Transaction<Database>,
) => Promise<void>;

export interface ConsentExpiryDependencies {
  consents: Pick<ConsentRecordsRepository, 'handleNextExpired'>;
  audit: AuditTrail;
  log: { error: (details: object, message: string) => void };
}

/**
 * The daily consent-expiry sweep (issue #18 §1). A video whose consent has ended is already
 * withdrawn on access (410 consent_expired); the sweep announces it: each expired consent is
 * marked handled, with a `consent.expired` audit entry by the system and the
 * `video.consent_expired` webhook, all in one transaction, so each happens exactly once.
 */
export class ConsentExpiryService {
  private readonly listeners: ConsentExpiredListener[] = [];

  constructor(private readonly deps: ConsentExpiryDependencies) {}

  onExpired(listener: ConsentExpiredListener): void {
    this.listeners.push(listener);
  }

  /** Handles every consent that ended by `now`; resolves how many. */
  async sweep(now: Date): Promise<{ handled: number; failed: number }> {
    const failedIds: string[] = [];
    let handled = 0;
    for (;;) {
      let current: string | undefined;
      try {
        const consent = await this.deps.consents.handleNextExpired(
          now,
          failedIds,
          (expired, trx) => {
            current = expired.consent.id;
            return this.announce(expired, trx);
          },
        );
        if (!consent) break;
        handled += 1;
      } catch (error) {
        // Rolled back, so still unhandled: left for the next run, and not retried in this one.
        if (current === undefined) throw error;
        failedIds.push(current);
        this.deps.log.error({ consentId: current, err: error }, 'consent expiry not announced');
      }
    }
    return { handled, failed: failedIds.length };
  }

  private async announce(
    expired: { consent: ConsentRow; video: VideoRow },
    transaction: Transaction<Database>,
  ): Promise<void> {
    const { consent, video } = expired;
    await this.deps.audit.record(
      {
        kind: 'consent.expired',
        accountId: consent.user_id,
        // In the log of the clinic the video belongs to (issue #21), whoever made it.
        clinicId: video.clinic_id,
        actor: SYSTEM_ACTOR,
        target: { type: 'consent', id: consent.id },
        details: {
          videoId: consent.video_id,
          expiredAt: consent.expires_at?.toISOString() ?? null,
        },
      },
      transaction,
    );
    for (const listener of this.listeners) await listener(expired, transaction);
  }
}
