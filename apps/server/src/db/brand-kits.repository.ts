import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { BrandKitsTable, Database } from './schema.ts';

export type BrandKitRow = Selectable<BrandKitsTable>;
export type BrandKitValues = Omit<
  Insertable<BrandKitsTable>,
  'user_id' | 'clinic_id' | 'updated_at'
>;

/** A clinic's brand kit row (issues #16 §5, #21); the rules about it live in BrandService. */
export class BrandKitsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(clinicId: string): Promise<BrandKitRow | undefined> {
    return this.db
      .selectFrom('brand_kits')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .executeTakeFirst();
  }

  /**
   * Runs `work` in one transaction with the clinic's row (if any) locked, so two saves of
   * the logo at once cannot both believe they replaced the same earlier file. `editor` is the
   * member who saves.
   */
  withLockedKit<T>(
    editor: { userId: string; clinicId: string },
    work: (locked: LockedBrandKit) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('brand_kits')
        .selectAll()
        .where('clinic_id', '=', editor.clinicId)
        .forUpdate()
        .executeTakeFirst();
      return work(new LockedBrandKit(trx, editor, row));
    });
  }
}

/** The row inside a transaction; only valid while the transaction runs. */
export class LockedBrandKit {
  constructor(
    private readonly trx: Transaction<Database>,
    private readonly editor: { userId: string; clinicId: string },
    readonly row: BrandKitRow | undefined,
  ) {}

  /** Writes the whole row; a first save inserts it (another first save at once updates it). */
  async save(values: BrandKitValues): Promise<BrandKitRow> {
    const updatedAt = new Date();
    return this.trx
      .insertInto('brand_kits')
      .values({
        ...values,
        user_id: this.editor.userId,
        clinic_id: this.editor.clinicId,
        updated_at: updatedAt,
      })
      .onConflict((conflict) =>
        conflict
          .column('clinic_id')
          .doUpdateSet({ ...values, user_id: this.editor.userId, updated_at: updatedAt }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
