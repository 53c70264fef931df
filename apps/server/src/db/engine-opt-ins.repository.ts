import type { Kysely, Selectable } from 'kysely';
import type { EngineId } from '@glowreel/contracts';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import type { Database, EngineOptInsTable } from './schema.ts';

export type EngineOptInRow = Selectable<EngineOptInsTable>;

/** Who accepted which engine's notice (issue #20): one row per clinic and engine. */
export class EngineOptInsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string, engine: EngineId): Promise<EngineOptInRow | undefined> {
    return this.db
      .selectFrom('engine_opt_ins')
      .selectAll()
      .where('user_id', '=', userId)
      .where('engine', '=', engine)
      .executeTakeFirst();
  }

  /** Records an acceptance; accepting a newer notice replaces the older acceptance. */
  save(
    entry: Omit<EngineOptInRow, 'clinic_id' | 'accepted_at'> & { accepted_at: Date },
  ): Promise<EngineOptInRow> {
    return this.db
      .insertInto('engine_opt_ins')
      .values({ ...entry, clinic_id: personalClinicIdOf(entry.user_id) })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'engine']).doUpdateSet({
          notice_version: entry.notice_version,
          accepted_by: entry.accepted_by,
          accepted_at: entry.accepted_at,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
