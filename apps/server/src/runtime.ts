import { getMigrations } from 'better-auth/db/migration';
import { openBusinessServices, type BusinessServices } from './billing/open-billing.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import type { Config } from './config.ts';
import { lockDataFolder, type DataFolderLock } from './db/data-folder-lock.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { openMail } from './mail/open-mail.ts';
import { AccountMail } from './accounts/account-mail.ts';
import { AuditEventsRepository } from './audit/audit-events.repository.ts';
import { AuditLog } from './audit/audit-log.ts';
import pino from 'pino';
import { ProfilesRepository } from './db/profiles.repository.ts';
import { PrometheusMetrics } from './metrics/prometheus-metrics.ts';
import { ClinicsRepository } from './clinics/clinics.repository.ts';
import { ClinicsService } from './clinics/clinics.service.ts';
import { ClinicMembersRepository } from './clinics/clinic-members.repository.ts';
import { ClinicMembersService } from './clinics/clinic-members.service.ts';
import { AdminService } from './services/admin.service.ts';
import { CreditsService } from './services/credits.service.ts';
import { ProfilesService } from './services/profiles.service.ts';

/** Everything a process needs besides HTTP: shared by the server, the CLI and the tests. */
export interface Runtime {
  database: DatabaseHandle;
  auth: Auth;
  profiles: ProfilesService;
  /** Clinics (issue #21): each account's personal clinic, the session's active one. */
  clinics: ClinicsService;
  /** A clinic's team: members, roles, invitations, seats, the session's active clinic. */
  clinicMembers: ClinicMembersService;
  credits: CreditsService;
  admin: AdminService;
  business: BusinessServices;
  /** The account's append-only audit log (issue #18 §4): every service records through it. */
  audit: AuditLog;
  /** What services count for GET /metrics: one registry per runtime (issue #19 §5). */
  metrics: PrometheusMetrics;
  close: () => Promise<void>;
}

export async function openRuntime(
  config: Config,
  options: { ownsDataFolder?: boolean } = {},
): Promise<Runtime> {
  // The embedded database may be opened by one process only. On PostgreSQL the server still
  // owns its folder alone (its temp uploads are recovered and cleaned as its own); a CLI
  // command on PostgreSQL needs no lock and may run beside it.
  const lock: DataFolderLock | undefined =
    config.database.kind === 'pglite' || options.ownsDataFolder
      ? lockDataFolder(config.dataDir)
      : undefined;
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase(config.database);
    const mail = openMail(config, database.db);
    const mailLog = pino({ level: config.log.level }).child({ component: 'account-mail' });
    const accountMail = new AccountMail(mail, {
      error: (details, message) => mailLog.error(details, message),
    });
    const repository = new ProfilesRepository(database.db);
    const clinics = new ClinicsService(new ClinicsRepository(database.db));
    const profiles = new ProfilesService(repository, clinics);
    const audit = new AuditLog(new AuditEventsRepository(database.db));
    const auditLog = pino({ level: config.log.level }).child({ component: 'audit-log' });
    const auth = createAuth({
      db: database.db,
      secret: resolveAuthSecret(config.authSecret, config.dataDir),
      publicUrl: config.publicUrl,
      mail: accountMail,
      requireEmailVerification: config.accounts.requireEmailVerification,
      signInProviders: config.signInProviders,
      // The profile's rows belong to the clinic, so the clinic comes first.
      onUserCreated: async (user) => {
        await clinics.createPersonalClinic(user);
        await profiles.createDefaultProfile(user.id);
      },
      onSessionCreated: (session) => clinics.activatePersonalClinic(session),
      clinics,
      audit,
      log: { error: (details, message) => auditLog.error(details, message) },
    });
    const { runMigrations } = await getMigrations(auth.options);
    await runMigrations();
    await migrateToLatest(database.db);
    const openedDatabase = database;
    const credits = new CreditsService(repository);
    const business = openBusinessServices(config, database.db, profiles, mail, audit);
    return {
      database,
      auth,
      profiles,
      clinics,
      clinicMembers: new ClinicMembersService(
        new ClinicMembersRepository(database.db),
        accountMail,
        audit,
        {
          publicUrl: config.publicUrl,
          requireVerifiedEmail: config.accounts.requireEmailVerification,
        },
      ),
      credits,
      admin: new AdminService(repository, profiles, credits, business.outbox, audit),
      business,
      audit,
      metrics: new PrometheusMetrics(),
      close: async () => {
        // Mail already promised to someone is kept or sent before the database closes.
        await accountMail.settled();
        business.close();
        await openedDatabase.close();
        lock?.release();
      },
    };
  } catch (error) {
    await database?.close();
    lock?.release();
    throw error;
  }
}
