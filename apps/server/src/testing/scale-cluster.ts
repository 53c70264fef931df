import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { openDatabase } from '../db/database.ts';
import { auditCredits, type CreditAudit } from './credit-audit.ts';
import { startWorker } from './queue-processes.ts';
import {
  freePort,
  killHard,
  startServer,
  stopGracefully,
  type ServerUnderTest,
} from './server-under-test.ts';

export interface ScaleClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  /** Unique per run: the machine's Redis is shared and never flushed. */
  queuePrefix: string;
  /** The S3_* variables of a fresh bucket. */
  storage: Record<string, string>;
}

/** A worker process in its slot: a machine of its own, whose data folder a restart reuses. */
export interface WorkerSlot {
  dataDir: string;
  process: ServerUnderTest;
  /** The record owner id of the process now in the slot (its `owner` at start). */
  ownerId: string;
}

/**
 * Issue #19 §3: scale mode as deployed — two API processes (RUN_WORKERS=false) and two
 * `worker.ts` processes on PostgreSQL, Redis and S3, each with a data folder of its own, so
 * nothing travels between them except through the database, Redis and the bucket.
 */
export class ScaleCluster {
  readonly apis: ServerUnderTest[] = [];
  readonly workers: WorkerSlot[] = [];
  /** Every process ever started, killed ones included, for their logs. */
  readonly started: ServerUnderTest[] = [];
  /** Every worker ever started, killed ones included, with its record owner id. */
  private readonly everyWorker: WorkerSlot[] = [];
  private readonly dataDirs: string[] = [];

  private constructor(private readonly options: ScaleClusterOptions) {}

  get databaseUrl(): string {
    return this.options.databaseUrl;
  }

  static async start(options: ScaleClusterOptions): Promise<ScaleCluster> {
    const cluster = new ScaleCluster(options);
    try {
      // One at a time: the migrations run on the first start, and two cores are shared.
      for (let index = 0; index < 2; index += 1) await cluster.startApi();
      for (let index = 0; index < 2; index += 1) await cluster.startWorkerSlot();
    } catch (error) {
      await cluster.remove();
      throw error;
    }
    return cluster;
  }

  private environment(dataDir: string): Record<string, string> {
    return {
      DATABASE_URL: this.options.databaseUrl,
      DATA_DIR: dataDir,
      REDIS_URL: this.options.redisUrl,
      QUEUE_PREFIX: this.options.queuePrefix,
      ...this.options.storage,
      // A killed worker's job goes to another within seconds.
      JOB_LEASE_MS: '3000',
      JOB_HEARTBEAT_MS: '1000',
      AUTH_SECRET: 'scale-cluster-test-secret-of-at-least-32-chars',
      // Sign-ups from loopback are counted on the shared Redis: keep them out of the limit.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    };
  }

  private newDataDir(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'glowreel-scale-'));
    this.dataDirs.push(dir);
    return dir;
  }

  private async startApi(): Promise<void> {
    const dataDir = this.newDataDir();
    const api = await startServer({
      dataDir,
      port: await freePort(),
      databaseUrl: this.options.databaseUrl,
      environment: { ...this.environment(dataDir), RUN_WORKERS: 'false' },
    });
    this.apis.push(api);
    this.started.push(api);
  }

  private async startWorkerIn(dataDir: string): Promise<WorkerSlot> {
    const started = await startWorker(this.environment(dataDir));
    this.started.push(started);
    const ownerId = /"owner":"([0-9a-f-]+)"/.exec(started.output())?.[1];
    if (!ownerId) throw new Error(`worker printed no owner id: ${started.output()}`);
    const slot = { dataDir, process: started, ownerId };
    this.everyWorker.push(slot);
    return slot;
  }

  private async startWorkerSlot(): Promise<void> {
    this.workers.push(await this.startWorkerIn(this.newDataDir()));
  }

  /** SIGKILLs the worker in `slot`, then starts a fresh one on the same data folder. */
  async killAndRestart(slot: WorkerSlot): Promise<void> {
    await killHard(slot.process);
    const index = this.workers.indexOf(slot);
    this.workers[index] = await this.startWorkerIn(slot.dataDir);
  }

  /** The slot whose worker owns the record with this owner id, if one is alive. */
  slotOwning(ownerId: string | null): WorkerSlot | undefined {
    return this.workers.find((slot) => slot.ownerId === ownerId);
  }

  /** The owner ids of the workers that logged "video rendered" for this video. */
  renderersOf(videoId: string): string[] {
    const line = new RegExp(`"videoId":"${videoId}"[^\\n]*"msg":"video rendered"`, 'g');
    return this.everyWorker.flatMap((slot) =>
      Array.from(slot.process.output().matchAll(line), () => slot.ownerId),
    );
  }

  /** Each video's record owner: a finished record keeps the id of the process that ended it. */
  async recordOwners(): Promise<Map<string, string | null>> {
    const handle = await openDatabase({
      kind: 'postgres',
      connectionString: this.options.databaseUrl,
      poolSize: 1,
    });
    try {
      const rows = await handle.db.selectFrom('videos').select(['id', 'owner_id']).execute();
      return new Map(rows.map((row) => [row.id, row.owner_id]));
    } finally {
      await handle.close();
    }
  }

  /** Files under any process's `tmp/` (uploads, render scratch): none once every job ended. */
  leftoverFiles(): string[] {
    return this.dataDirs.flatMap((dir) => {
      try {
        return readdirSync(path.join(dir, 'tmp'), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name));
      } catch {
        return [];
      }
    });
  }

  /** Stops every process (SIGTERM), then checks the books and every data folder. */
  async stopAndAudit(): Promise<CreditAudit> {
    await Promise.all(
      [...this.apis, ...this.workers.map((slot) => slot.process)].map(stopGracefully),
    );
    const handle = await openDatabase({
      kind: 'postgres',
      connectionString: this.options.databaseUrl,
      poolSize: 2,
    });
    try {
      return await auditCredits(handle.db, this.dataDirs);
    } finally {
      await handle.close();
    }
  }

  /** Kills whatever still runs, removes the data folders and this run's keys from Redis. */
  async remove(): Promise<void> {
    await Promise.all(this.started.map((process) => killHard(process)));
    for (const dir of this.dataDirs) rmSync(dir, { recursive: true, force: true });
    await removeKeys(this.options.redisUrl, this.options.queuePrefix);
  }
}

/** Deletes every key under `prefix` (queues, their jobs and locks), never anything else. */
export async function removeKeys(redisUrl: string, prefix: string): Promise<void> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    for await (const keys of client.scanStream({ match: `${prefix}:*`, count: 500 })) {
      const batch = keys as string[];
      if (batch.length > 0) await client.del(...batch);
    }
  } catch {
    // A Redis of the test's own may already be gone: it held nothing else.
  } finally {
    client.disconnect();
  }
}
