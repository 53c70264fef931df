import type { Kysely, Selectable } from 'kysely';
import type { EngineId } from '@glowreel/contracts';
import type { Database, EngineOptInsTable } from './schema.ts';

export type EngineOptInRow = Selectable<EngineOptInsTable>;

/** Who accepted which engine's notice (issue #20): one row per clinic and engine. */
export class EngineOptInsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(clinicId: string, engine: EngineId): Promise<EngineOptInRow | undefined> {
    return this.db
      .selectFrom('engine_opt_ins')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .where('engine', '=', engine)
      .executeTakeFirst();
  }

  /** Records an acceptance; accepting a newer notice replaces the older acceptance. */
  save(
    entry: Omit<EngineOptInRow, 'user_id' | 'accepted_at'> & { accepted_at: Date },
  ): Promise<EngineOptInRow> {
    return this.db
      .insertInto('engine_opt_ins')
      .values({ ...entry, user_id: entry.accepted_by })
      .onConflict((conflict) =>
        conflict.columns(['clinic_id', 'engine']).doUpdateSet({
          user_id: entry.accepted_by,
          notice_version: entry.notice_version,
          accepted_by: entry.accepted_by,
          accepted_at: entry.accepted_at,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
