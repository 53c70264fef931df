import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type { WebhookAttemptsTable, WebhookDeliveriesTable } from './public-api-schema.ts';
import type { Database } from './schema.ts';

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;

/** A pending delivery due at `now` that no process is sending now (its claim absent or over). */
function dueAndUnclaimed(now: Date) {
  return (where: ExpressionBuilder<Database, 'webhook_deliveries'>) =>
    where.and([
      where('status', '=', 'pending'),
      where('next_attempt_at', '<=', now),
      where.or([where('claimed_until', 'is', null), where('claimed_until', '<=', now)]),
    ]);
}

export class WebhooksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The clinic's signing secret (issue #21: one per clinic). */
  async findSecret(clinicId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('api_webhook_secrets')
      .select('secret')
      .where('clinic_id', '=', clinicId)
      .executeTakeFirst();
    return row?.secret;
  }

  /** Stores the secret unless the clinic has one; returns the one in force. */
  async insertSecretIfMissing(
    writer: { userId: string; clinicId: string },
    secret: string,
  ): Promise<string> {
    await this.db
      .insertInto('api_webhook_secrets')
      .values({ user_id: writer.userId, clinic_id: writer.clinicId, secret })
      .onConflict((conflict) => conflict.column('clinic_id').doNothing())
      .execute();
    return (await this.findSecret(writer.clinicId)) ?? secret;
  }

  async replaceSecret(writer: { userId: string; clinicId: string }, secret: string): Promise<void> {
    await this.db
      .insertInto('api_webhook_secrets')
      .values({ user_id: writer.userId, clinic_id: writer.clinicId, secret })
      .onConflict((conflict) =>
        conflict
          .column('clinic_id')
          .doUpdateSet({ secret, user_id: writer.userId, rotated_at: new Date() }),
      )
      .execute();
  }

  async insertDelivery(
    delivery: {
      id: string;
      userId: string;
      videoId: string;
      url: string;
      eventType: string;
      payload: string;
      nextAttemptAt: Date;
    },
    /** The transaction the event belongs to, when it must commit with the change it reports. */
    transaction?: Transaction<Database>,
  ): Promise<void> {
    await (transaction ?? this.db)
      .insertInto('webhook_deliveries')
      .values({
        id: delivery.id,
        user_id: delivery.userId,
        // The delivery belongs to the clinic whose video it reports.
        clinic_id: (eb) =>
          eb
            .selectFrom('videos')
            .select('videos.clinic_id')
            .where('videos.id', '=', delivery.videoId),
        video_id: delivery.videoId,
        url: delivery.url,
        event_type: delivery.eventType,
        payload: delivery.payload,
        status: 'pending',
        next_attempt_at: delivery.nextAttemptAt,
      })
      .execute();
  }

  /**
   * Claims up to `limit` due deliveries for this server until `leaseUntil`, atomically: a
   * row another server is claiming right now is skipped (SKIP LOCKED) rather than waited
   * for, and a claim still in force is left alone, so each delivery has one sender at a time.
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<WebhookDeliveryRow[]> {
    return this.db
      .updateTable('webhook_deliveries')
      .set({ claimed_until: leaseUntil })
      .where('id', 'in', (query) =>
        query
          .selectFrom('webhook_deliveries')
          .select('id')
          .where(dueAndUnclaimed(now))
          .orderBy('next_attempt_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  /**
   * Scale mode: claims one delivery for its attempt number `attempt` (1 for the first send)
   * until `leaseUntil`, in one conditional UPDATE. A queue job for an attempt already made, not
   * yet due or claimed by another process right now changes nothing and gets nothing back, so
   * however many workers run the same job, one sends it.
   */
  async claimAttempt(
    deliveryId: string,
    attempt: number,
    now: Date,
    leaseUntil: Date,
  ): Promise<WebhookDeliveryRow | undefined> {
    return this.db
      .updateTable('webhook_deliveries')
      .set({ claimed_until: leaseUntil })
      .where('id', '=', deliveryId)
      .where('attempts', '=', attempt - 1)
      .where(dueAndUnclaimed(now))
      .returningAll()
      .executeTakeFirst();
  }

  /** Due deliveries nobody is sending now, oldest first: what the scale-mode sweep queues. */
  listDueUnclaimed(
    now: Date,
    limit: number,
  ): Promise<Pick<WebhookDeliveryRow, 'id' | 'attempts' | 'next_attempt_at'>[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'attempts', 'next_attempt_at'])
      .where(dueAndUnclaimed(now))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
  }

  /** Records one attempt and the delivery's new state in one transaction. */
  async recordAttempt(
    delivery: WebhookDeliveryRow,
    attempt: { statusCode: number | null; error: string | null; durationMs: number },
    next: { status: WebhookDeliveryRow['status']; nextAttemptAt: Date | null },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values({
          id: crypto.randomUUID(),
          delivery_id: delivery.id,
          attempt: delivery.attempts + 1,
          status_code: attempt.statusCode,
          error: attempt.error,
          duration_ms: attempt.durationMs,
        })
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({
          attempts: delivery.attempts + 1,
          status: next.status,
          next_attempt_at: next.nextAttemptAt,
          claimed_until: null,
          updated_at: new Date(),
        })
        .where('id', '=', delivery.id)
        .execute();
    });
  }

  /** The clinic's deliveries, newest first: those of every member's videos. */
  listForClinic(clinicId: string, limit: number): Promise<WebhookDeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  listAttempts(deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('attempt')
      .execute();
  }
}
