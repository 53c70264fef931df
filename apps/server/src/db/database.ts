import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { ensureEmbeddedDatabase } from './create-embedded-database.ts';
import { EMBEDDED_DATABASE_START_PARAMS } from './embedded-database-options.ts';
import { attachReadCache, ReadCache, ReadCachePlugin } from './read-cache.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  isReady: () => Promise<boolean>;
  close: () => Promise<void>;
}

// COUNT and BIGSERIAL come back as strings from pg; credits are small integers, so parse int8 as number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'pglite') {
    await mkdir(path.dirname(config.dataDir), { recursive: true });
    await ensureEmbeddedDatabase(config.dataDir);
    const client = await PGlite.create(config.dataDir, {
      startParams: [...EMBEDDED_DATABASE_START_PARAMS],
    });
    const cache = new ReadCache();
    const db = new Kysely<Database>({
      dialect: new PGliteDialect(client),
      plugins: [new ReadCachePlugin(cache)],
    });
    attachReadCache(db, cache);
    return {
      db,
      kind: 'pglite',
      isReady: () => pingDatabase(db),
      close: async () => {
        await db.destroy();
        if (!client.closed) await client.close();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: config.connectionString, max: config.poolSize });
  // An idle pooled connection that the server drops (restart, failover, admin kill) emits
  // 'error'; unhandled, that would crash the process. The pool replaces it on next use,
  // and /readyz reports whether the database answers.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    isReady: () => pingDatabase(db),
    close: () => db.destroy(),
  };
}

async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
