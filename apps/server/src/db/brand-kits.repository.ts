import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import type { BrandKitsTable, Database } from './schema.ts';

export type BrandKitRow = Selectable<BrandKitsTable>;
export type BrandKitValues = Omit<
  Insertable<BrandKitsTable>,
  'user_id' | 'clinic_id' | 'updated_at'
>;

/** An account's brand kit row (issue #16 §5); the rules about it live in BrandService. */
export class BrandKitsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string): Promise<BrandKitRow | undefined> {
    return this.db
      .selectFrom('brand_kits')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Runs `work` in one transaction with the account's row (if any) locked, so two saves of
   * the logo at once cannot both believe they replaced the same earlier file.
   */
  withLockedKit<T>(userId: string, work: (locked: LockedBrandKit) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('brand_kits')
        .selectAll()
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return work(new LockedBrandKit(trx, userId, row));
    });
  }
}

/** The row inside a transaction; only valid while the transaction runs. */
export class LockedBrandKit {
  constructor(
    private readonly trx: Transaction<Database>,
    private readonly userId: string,
    readonly row: BrandKitRow | undefined,
  ) {}

  /** Writes the whole row; a first save inserts it (another first save at once updates it). */
  async save(values: BrandKitValues): Promise<BrandKitRow> {
    const updatedAt = new Date();
    return this.trx
      .insertInto('brand_kits')
      .values({
        ...values,
        user_id: this.userId,
        clinic_id: personalClinicIdOf(this.userId),
        updated_at: updatedAt,
      })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ ...values, updated_at: updatedAt }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
