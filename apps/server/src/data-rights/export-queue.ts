import type { Config } from '../config.ts';
import { BullmqRecordQueue } from '../jobs/bullmq/bullmq-record-queue.ts';

/** Attempts at one export whose builder died (a re-run starts its zip again). */
const EXPORT_STALLS = 2;

/**
 * Scale mode (issue #19 §1): exports are built by whichever process works the 'exports'
 * queue, from the export's id; null when REDIS_URL is unset (built in process).
 */
export function openExportQueue(
  config: Config,
  options: {
    worksJobs: boolean;
    build: (exportId: string) => Promise<void>;
    /** The queue gave the export up: its record must not stay "building" for ever. */
    giveUp: (exportId: string) => Promise<void>;
    log: { error: (details: object, message: string) => void };
  },
): BullmqRecordQueue | null {
  if (config.queue.redisUrl === null) return null;
  return new BullmqRecordQueue({
    name: 'exports',
    redisUrl: config.queue.redisUrl,
    prefix: config.queue.prefix,
    working: options.worksJobs
      ? {
          handler: options.build,
          // One at a time per process: an export streams every MP4 of the account.
          concurrency: 1,
          lockMs: config.jobs.leaseMs,
          maxStalls: EXPORT_STALLS,
          onGivenUp: options.giveUp,
        }
      : null,
    onError: (exportId, error) => options.log.error({ exportId, err: error }, 'export queue error'),
  });
}
