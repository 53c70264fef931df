import type { Kysely, Selectable, Transaction } from 'kysely';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import type { ApiKeysTable } from './public-api-schema.ts';
import type { Database } from './schema.ts';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` on one transaction: a key change and the audit event describing it. */
  transaction<T>(
    work: (keys: ApiKeysRepository, trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ApiKeysRepository(trx), trx));
  }

  async insert(key: {
    id: string;
    /** The member who created it. */
    userId: string;
    /** The clinic it acts for; the member's personal clinic when omitted. */
    clinicId?: string;
    name: string;
    prefix: string;
    keyHash: string;
  }): Promise<ApiKeyRow> {
    return this.db
      .insertInto('api_keys')
      .values({
        id: key.id,
        user_id: key.userId,
        clinic_id: key.clinicId ?? personalClinicIdOf(key.userId),
        name: key.name,
        prefix: key.prefix,
        key_hash: key.keyHash,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findActiveByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** The clinic's active keys, whichever member created them. */
  listActive(clinicId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** True when the clinic's key existed and was active. */
  async revoke(clinicId: string, keyId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', keyId)
      .where('clinic_id', '=', clinicId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async touch(keyId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('id', '=', keyId)
      .execute();
  }
}
