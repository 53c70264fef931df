import { PGlite } from '@electric-sql/pglite';

/**
 * Start parameters of the embedded database. PostgreSQL's default 128 MB of shared buffers
 * is most of PGlite's resident memory, and all of it is taken at start; a clinic's tables
 * (accounts, credits, videos) fit in a fraction of 16 MB, and the server shares one machine
 * with the renderer.
 */
export const EMBEDDED_DATABASE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
];
