import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Reads of Better Auth's "user" table that the app's own rules need. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findEmailState(userId: string): Promise<{ email: string; emailVerified: boolean } | undefined> {
    return this.db
      .selectFrom('user')
      .select(['email', 'emailVerified'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** The account registered with this address (stored lower-case), if any. */
  async findIdByEmail(email: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row?.id;
  }
}
