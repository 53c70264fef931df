import type { AuditTrail } from '../audit/audit-trail.ts';
import type { Config } from '../config.ts';
import { ConsentRecordsRepository } from '../db/consent-records.repository.ts';
import { RetentionRepository } from '../db/retention.repository.ts';
import { ScheduledRunsRepository } from '../db/scheduled-runs.repository.ts';
import type { PublicApi } from '../public-api.ts';
import type { Runtime } from '../runtime.ts';
import { ConsentExpiryService } from './consent-expiry.service.ts';
import { RetentionService, type RetentionActions } from './retention.service.ts';
import { DAY_MS, Scheduler } from './scheduler.ts';
import { openSchedulerTicks } from './scheduler-ticks-queue.ts';

/** How often each server asks whether a job's period is due; a claimed period costs nothing. */
export const SCHEDULER_TICK_MS = 5 * 60_000;

export interface ScheduledJobs {
  scheduler: Scheduler;
  consentExpiry: ConsentExpiryService;
  retention: RetentionService;
  /**
   * Ticks now and every SCHEDULER_TICK_MS; in scale mode through one BullMQ job scheduler
   * for the whole deployment, worked by the processes that work jobs.
   */
  start: () => void;
  /** Stops ticking; waits for a running job. */
  close: () => Promise<void>;
}

export interface ScheduledJobsAdapters {
  audit: AuditTrail;
  retentionActions: RetentionActions;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
  /** Tests move the clock; nothing waits in real time. */
  now?: () => Date;
  /** Tests give each scheduler in one process its own owner id. */
  ownerId?: string;
  leaseMs?: number;
  /** Scale mode: whether this process runs the ticks from the queue (default true). */
  worksJobs?: boolean;
  /** Tests tick faster than SCHEDULER_TICK_MS. */
  tickMs?: number;
}

/** The daily jobs of issue #18 (consent expiry, retention), run once a day across all servers. */
export function openScheduledJobs(
  config: Config,
  runtime: Runtime,
  publicApi: Pick<PublicApi, 'webhooks'>,
  adapters: ScheduledJobsAdapters,
): ScheduledJobs {
  const db = runtime.database.db;
  const consentExpiry = new ConsentExpiryService({
    consents: new ConsentRecordsRepository(db),
    audit: adapters.audit,
    log: adapters.log,
  });
  consentExpiry.onExpired(({ consent, video }, transaction) =>
    publicApi.webhooks.consentExpired(video, consent, transaction),
  );
  const retention = new RetentionService({
    repository: new RetentionRepository(db),
    actions: adapters.retentionActions,
    mail: runtime.auth.mail,
    videoRetentionDays: config.videoRetentionDays,
    log: adapters.log,
  });
  const scheduler = new Scheduler({
    runs: new ScheduledRunsRepository(db),
    ownerId: adapters.ownerId ?? crypto.randomUUID(),
    leaseMs: adapters.leaseMs,
    now: adapters.now,
    log: adapters.log,
    jobs: [
      {
        name: 'consent-expiry',
        periodMs: DAY_MS,
        run: async (now) => {
          const result = await consentExpiry.sweep(now);
          adapters.log.info(result, 'consent expiry sweep done');
        },
      },
      {
        name: 'retention',
        periodMs: DAY_MS,
        run: (now) => retention.run(now).then(() => undefined),
      },
    ],
  });
  const tickMs = adapters.tickMs ?? SCHEDULER_TICK_MS;
  const ticks = openSchedulerTicks(config, {
    worksJobs: adapters.worksJobs ?? true,
    everyMs: tickMs,
    tick: () => scheduler.tick(),
    log: adapters.log,
  });
  return {
    scheduler,
    consentExpiry,
    retention,
    start: () => {
      if (!ticks) return scheduler.start(tickMs);
      ticks
        .start()
        .catch((error: unknown) =>
          adapters.log.error({ err: error }, 'scheduled jobs could not be put on the queue'),
        );
    },
    close: async () => {
      await ticks?.close();
      await scheduler.stop();
    },
  };
}
