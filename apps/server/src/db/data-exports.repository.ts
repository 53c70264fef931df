import type { Kysely, Selectable } from 'kysely';
import type { DataExportsTable, Database } from './schema.ts';

export type DataExportRow = Selectable<DataExportsTable>;

/** Postgres' unique_violation: the partial index admits one building export per account. */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

export class DataExportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new building export, or null when the account already has one building. */
  async insertBuilding(input: { id: string; userId: string }): Promise<DataExportRow | null> {
    try {
      return await this.db
        .insertInto('data_exports')
        .values({ id: input.id, user_id: input.userId, status: 'building' })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  findById(id: string): Promise<DataExportRow | undefined> {
    return this.db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findLatestForUser(userId: string): Promise<DataExportRow | undefined> {
    return this.db
      .selectFrom('data_exports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db
      .updateTable('data_exports')
      .set({ progress })
      .where('id', '=', id)
      .where('status', '=', 'building')
      .execute();
  }

  /** False when the export is no longer building (its account was deleted meanwhile). */
  async markReady(
    id: string,
    input: { fileKey: string; fileSize: number; readyAt: Date; expiresAt: Date },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('data_exports')
      .set({
        status: 'ready',
        progress: 100,
        file_key: input.fileKey,
        file_size: input.fileSize,
        ready_at: input.readyAt,
        expires_at: input.expiresAt,
      })
      .where('id', '=', id)
      .where('status', '=', 'building')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markFailed(id: string, message: string): Promise<void> {
    await this.db
      .updateTable('data_exports')
      .set({ status: 'failed', error_message: message })
      .where('id', '=', id)
      .where('status', '=', 'building')
      .execute();
  }

  /** Ready exports whose offer ended at `now`, oldest first. */
  listExpired(now: Date): Promise<DataExportRow[]> {
    return this.db
      .selectFrom('data_exports')
      .selectAll()
      .where('status', '=', 'ready')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .execute();
  }

  /**
   * Gives up on the account's export still building since before `startedBefore`: the process
   * building it stopped, and it would otherwise block every new request.
   */
  async failStale(userId: string, startedBefore: Date, message: string): Promise<void> {
    await this.db
      .updateTable('data_exports')
      .set({ status: 'failed', error_message: message })
      .where('user_id', '=', userId)
      .where('status', '=', 'building')
      .where('created_at', '<', startedBefore)
      .execute();
  }

  async markExpired(id: string): Promise<void> {
    await this.db
      .updateTable('data_exports')
      .set({ status: 'expired', file_key: null })
      .where('id', '=', id)
      .where('status', '=', 'ready')
      .execute();
  }
}
