import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Database } from './schema.ts';

const MAX_ENTRIES = 10_000;

/**
 * Rows read again and again (a profile, a video) kept in memory for the embedded database
 * only. PGlite runs one query at a time at 7–20 × the cost of a whole /healthz request, and
 * its data folder belongs to this process alone (data-folder-lock.ts), so every write to it
 * passes through this process's Kysely instance. The `ReadCachePlugin` below sees each of
 * them — ours, Better Auth's, migrations, raw SQL — and empties the whole cache before and
 * after it runs: nothing depends on a write path remembering which keys it touched.
 */
export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, unknown>();
  // Reads of one key under way: after a write empties the cache, the 50 requests that miss at
  // once share one query instead of queueing 50 on PGlite's single connection.
  private readonly loads = new Map<string, { generation: number; value: Promise<unknown> }>();

  /** Any write, to any table: everything remembered may be stale. */
  noteWrite(): void {
    this.generation += 1;
    this.entries.clear();
  }

  read<T extends object>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (this.entries.has(key)) return Promise.resolve(this.entries.get(key) as T);
    const running = this.loads.get(key);
    // Joining is only safe while no write has begun since that read did.
    if (running && running.generation === this.generation)
      return running.value as Promise<T | undefined>;
    const generation = this.generation;
    const value = load().then((row) => {
      // A write that ran (or started) while this read was in flight may have changed the row
      // after it was read: keep it only if no write came between.
      if (row !== undefined && generation === this.generation) this.keep(key, row);
      return row;
    });
    const entry = { generation, value };
    this.loads.set(key, entry);
    const done = () => {
      if (this.loads.get(key) === entry) this.loads.delete(key);
    };
    value.then(done, done);
    return value;
  }

  private keep(key: string, row: object): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, deepFreeze(row));
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Cached rows are shared between requests; a caller that changed one would change them all. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Only a plain SELECT is a read; a data-modifying WITH, DDL or raw SQL counts as a write. */
function isPlainRead(node: RootOperationNode): boolean {
  return node.kind === 'SelectQueryNode' && node.with === undefined;
}

export class ReadCachePlugin implements KyselyPlugin {
  // A write that fails never reaches transformResult; a weak set forgets its id by itself.
  private readonly writes = new WeakSet<object>();

  constructor(private readonly cache: ReadCache) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (!isPlainRead(node)) {
      this.writes.add(queryId);
      this.cache.noteWrite();
    }
    return node;
  }

  // Again once the write has run: a read that started after the first noteWrite but ran
  // before the write (PGlite takes them in turn) saw the old row and must not keep it.
  transformResult({
    result,
    queryId,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.writes.delete(queryId)) this.cache.noteWrite();
    return Promise.resolve(result);
  }
}

const caches = new WeakMap<Kysely<Database>, ReadCache>();

export function attachReadCache(db: Kysely<Database>, cache: ReadCache): void {
  caches.set(db, cache);
}

/** The read cache of an embedded database; none on PostgreSQL, where other servers write too. */
export function readCacheOf(db: Kysely<Database>): ReadCache | undefined {
  return caches.get(db);
}
