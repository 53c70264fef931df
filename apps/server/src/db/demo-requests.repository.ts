import type { Kysely, Insertable } from 'kysely';
import type { Database, DemoRequestsTable } from './schema.ts';

export class DemoRequestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<DemoRequestsTable>): Promise<void> {
    await this.db.insertInto('demo_requests').values(row).execute();
  }

  list() {
    return this.db.selectFrom('demo_requests').selectAll().orderBy('created_at', 'desc').execute();
  }
}
