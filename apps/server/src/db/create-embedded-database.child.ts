// Creates a new embedded database folder (PostgreSQL's initdb) and exits. It runs in its own
// short-lived process because initdb loads a second WebAssembly PostgreSQL and leaves
// ~300 MB behind in the process that ran it, which a server would then carry for its life.
// Loaded by Node's own type stripping: erasable TypeScript only.
import { PGlite } from '@electric-sql/pglite';
import { EMBEDDED_DATABASE_START_PARAMS } from './embedded-database-options.ts';

const folder = process.argv[2];
if (!folder) throw new Error('usage: create-embedded-database.child.ts <folder>');
const database = await PGlite.create(folder, { startParams: [...EMBEDDED_DATABASE_START_PARAMS] });
await database.close();
// PGlite keeps handles open after close; the folder is complete, so leave now.
process.exit(0);
