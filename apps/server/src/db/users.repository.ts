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
}
