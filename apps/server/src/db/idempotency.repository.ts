import type { Kysely, Selectable } from 'kysely';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import type { ApiIdempotencyKeysTable } from './public-api-schema.ts';
import type { Database } from './schema.ts';

export type IdempotencyRow = Selectable<ApiIdempotencyKeysTable>;

export class IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims (user, key) for a request, or returns the row that already holds it. A claim older
   * than `expiredBefore` is taken over, so a key can be reused after its window, and so is an
   * unanswered one older than `abandonedBefore` (its process died mid-request).
   */
  async claim(
    userId: string,
    key: string,
    requestHash: string,
    limits: { expiredBefore: Date; abandonedBefore: Date },
  ): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRow }> {
    await this.db
      .deleteFrom('api_idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', limits.expiredBefore),
          eb.and([
            eb('response_status', 'is', null),
            eb('created_at', '<', limits.abandonedBefore),
          ]),
        ]),
      )
      .execute();
    const inserted = await this.db
      .insertInto('api_idempotency_keys')
      .values({
        user_id: userId,
        clinic_id: personalClinicIdOf(userId),
        key,
        request_hash: requestHash,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { claimed: true };
    const existing = await this.db
      .selectFrom('api_idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return { claimed: false, existing };
  }

  async complete(userId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.db
      .updateTable('api_idempotency_keys')
      .set({ response_status: status, response_body: JSON.stringify(body) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
  }

  /** Frees a claim whose request ended without an answer worth replaying (a server error). */
  async release(userId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('api_idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
  }
}
