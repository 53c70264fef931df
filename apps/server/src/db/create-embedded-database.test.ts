import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { ensureEmbeddedDatabase, hasEmbeddedDatabase } from './create-embedded-database.ts';

const root = mkdtempSync(path.join(tmpdir(), 'glowreel-embedded-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('embedded database folder', () => {
  it('creates a new database in its own process and opens it with small shared buffers', async () => {
    const folder = path.join(root, 'fresh', 'db');
    const handle = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      expect(hasEmbeddedDatabase(folder)).toBe(true);
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(
        handle.db,
      );
      expect(rows[0]?.shared_buffers).toBe('16MB');
      await sql`create table note (body text)`.execute(handle.db);
      await sql`insert into note values ('kept')`.execute(handle.db);
    } finally {
      await handle.close();
    }
    // No staging folder is left beside it.
    expect(readdirSync(path.dirname(folder))).toEqual(['db']);

    const reopened = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      const { rows } = await sql<{ body: string }>`select body from note`.execute(reopened.db);
      expect(rows).toEqual([{ body: 'kept' }]);
    } finally {
      await reopened.close();
    }
  });

  it('takes over an empty folder left by an earlier start', async () => {
    const folder = path.join(root, 'empty', 'db');
    mkdirSync(folder, { recursive: true });
    await ensureEmbeddedDatabase(folder);
    expect(hasEmbeddedDatabase(folder)).toBe(true);
  });

  it('refuses a folder that holds other files instead of mixing a database into them', async () => {
    const folder = path.join(root, 'occupied', 'db');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'notes.txt'), 'not a database');
    await expect(ensureEmbeddedDatabase(folder)).rejects.toThrow(
      /holds files but no database; move them away/,
    );
    expect(readdirSync(folder)).toEqual(['notes.txt']);
    expect(readdirSync(path.dirname(folder))).toEqual(['db']);
  });
});
