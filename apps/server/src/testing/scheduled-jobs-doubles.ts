import type { Config } from '../config.ts';
import { DataRightsRepository } from '../db/data-rights.repository.ts';
import type { Runtime } from '../runtime.ts';
import {
  openScheduledJobs,
  type ScheduledJobs,
  type ScheduledJobsAdapters,
} from '../scheduled/open-scheduled-jobs.ts';
import type { RetentionActions } from '../scheduled/retention.service.ts';
import { openFakeVideoServices } from './test-app.ts';
import { RecordingAuditTrail } from './recording-audit-trail.ts';
import { openRuntimeSharingDatabase, openTestRuntime, type TestRuntime } from './test-runtime.ts';

/**
 * Retention's deletions, recorded. An account deletion removes the account's own clinics and
 * the account row (and with them everything that cascades), as the real deletion does;
 * `failVideo` makes one video's deletion fail as a crash would.
 */
export class RecordingRetentionActions implements RetentionActions {
  readonly deletedAccounts: string[] = [];
  readonly deletedVideos: string[] = [];
  readonly exportSweeps: Date[] = [];
  failVideo: string | null = null;

  constructor(private readonly runtime: Runtime) {}

  async deleteAccount(userId: string): Promise<void> {
    this.deletedAccounts.push(userId);
    const { db } = this.runtime.database;
    const clinicIds = await new DataRightsRepository(db).findOwnClinicIds(userId);
    if (clinicIds.length > 0)
      await db.deleteFrom('organization').where('id', 'in', clinicIds).execute();
    await db.deleteFrom('user').where('id', '=', userId).execute();
  }

  deleteVideo(_userId: string, videoId: string): Promise<void> {
    if (videoId === this.failVideo) return Promise.reject(new Error('storage unreachable'));
    this.deletedVideos.push(videoId);
    return Promise.resolve();
  }

  removeExpiredExports(now: Date): Promise<number> {
    this.exportSweeps.push(now);
    return Promise.resolve(0);
  }
}

export const QUIET_LOG = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** One server's scheduled jobs with recording doubles, on a clock the test moves. */
export interface ScheduledServer {
  audit: RecordingAuditTrail;
  actions: RecordingRetentionActions;
  jobs: ScheduledJobs;
  close: () => Promise<void>;
}

export async function openScheduledServer(
  test: TestRuntime,
  now: () => Date,
  config: Config = test.config,
  /** Scale-mode tests: whether it works the queue's ticks, and how often they come. */
  scale: Pick<ScheduledJobsAdapters, 'worksJobs' | 'tickMs'> = {},
): Promise<ScheduledServer> {
  const services = await openFakeVideoServices(test);
  const audit = new RecordingAuditTrail();
  const actions = new RecordingRetentionActions(test.runtime);
  const jobs = openScheduledJobs(config, test.runtime, services.publicApi, {
    audit,
    retentionActions: actions,
    log: QUIET_LOG,
    now,
    ...scale,
  });
  return {
    audit,
    actions,
    jobs,
    close: async () => {
      await jobs.close();
      await services.close();
    },
  };
}

/** Two servers, each with its scheduled jobs, sharing one new PostgreSQL database. */
export async function openTwoScheduledServers(
  now: () => Date,
  environment: Record<string, string> = {},
): Promise<{
  first: TestRuntime;
  second: TestRuntime;
  servers: ScheduledServer[];
  close: () => Promise<void>;
}> {
  const first = await openTestRuntime('postgres', environment);
  const second = await openRuntimeSharingDatabase(first, environment);
  const servers = [await openScheduledServer(first, now), await openScheduledServer(second, now)];
  return {
    first,
    second,
    servers,
    close: async () => {
      for (const server of servers) await server.close();
      await second.runtime.auth.mail.settled();
      await second.dispose();
      await first.dispose();
    },
  };
}
