import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ProfilePhotosTable } from './schema.ts';

export type ProfilePhotoRow = Selectable<ProfilePhotosTable>;

/** A member's profile photo row (issue #17 §4); the rules about it live in ProfilePhotoService. */
export class ProfilePhotosRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string): Promise<ProfilePhotoRow | undefined> {
    return this.db
      .selectFrom('profile_photos')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Runs `work` in one transaction with the member's row (if any) locked, so two uploads at
   * once cannot both believe they replaced the same earlier file.
   */
  withLockedPhoto<T>(userId: string, work: (locked: LockedProfilePhoto) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('profile_photos')
        .selectAll()
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return work(new LockedProfilePhoto(trx, userId, row));
    });
  }
}

/** The row inside a transaction; only valid while the transaction runs. */
export class LockedProfilePhoto {
  constructor(
    private readonly trx: Transaction<Database>,
    private readonly userId: string,
    readonly row: ProfilePhotoRow | undefined,
  ) {}

  async save(values: { photo_key: string; content_type: string }): Promise<void> {
    const updatedAt = new Date();
    await this.trx
      .insertInto('profile_photos')
      .values({ ...values, user_id: this.userId, updated_at: updatedAt })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ ...values, updated_at: updatedAt }),
      )
      .execute();
  }

  async remove(): Promise<void> {
    await this.trx.deleteFrom('profile_photos').where('user_id', '=', this.userId).execute();
  }
}
