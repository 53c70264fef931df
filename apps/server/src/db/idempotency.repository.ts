import type { Kysely, Selectable } from 'kysely';
import type { ApiIdempotencyKeysTable } from './public-api-schema.ts';
import type { Database } from './schema.ts';

export type IdempotencyRow = Selectable<ApiIdempotencyKeysTable>;

/** The API's Idempotency-Key records (issue #7): one per clinic and key (issue #21). */
export class IdempotencyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims (clinic, key) for a request, or returns the row that already holds it. A claim older
   * than `expiredBefore` is taken over, so a key can be reused after its window, and so is an
   * unanswered one older than `abandonedBefore` (its process died mid-request).
   */
  async claim(
    caller: { userId: string; clinicId: string },
    key: string,
    requestHash: string,
    limits: { expiredBefore: Date; abandonedBefore: Date },
  ): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRow }> {
    const { clinicId } = caller;
    await this.db
      .deleteFrom('api_idempotency_keys')
      .where('clinic_id', '=', clinicId)
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
        user_id: caller.userId,
        clinic_id: caller.clinicId,
        key,
        request_hash: requestHash,
      })
      .onConflict((conflict) => conflict.columns(['clinic_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { claimed: true };
    const existing = await this.db
      .selectFrom('api_idempotency_keys')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return { claimed: false, existing };
  }

  async complete(clinicId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.db
      .updateTable('api_idempotency_keys')
      .set({ response_status: status, response_body: JSON.stringify(body) })
      .where('clinic_id', '=', clinicId)
      .where('key', '=', key)
      .execute();
  }

  /** Frees a claim whose request ended without an answer worth replaying (a server error). */
  async release(clinicId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('api_idempotency_keys')
      .where('clinic_id', '=', clinicId)
      .where('key', '=', key)
      .execute();
  }
}
