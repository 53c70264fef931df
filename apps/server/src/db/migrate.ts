import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as profilesAndCreditLedger from './migrations/20261122190000-profiles-and-credit-ledger.ts';
import * as videos from './migrations/20261122203000-videos.ts';
import * as billing from './migrations/20261123000000-billing-demo-requests-feedback.ts';
import * as publicApi from './migrations/20261123020000-public-api.ts';
import * as videoJobOwnership from './migrations/20261125200000-video-job-ownership.ts';
import * as webhookDeliveryClaims from './migrations/20261125210000-webhook-delivery-claims.ts';
import * as brandKits from './migrations/20261126000000-brand-kits.ts';
import * as videoTemplate from './migrations/20261126010000-video-template.ts';
import * as existingAccountsVerified from './migrations/20261126020000-existing-accounts-verified.ts';
import * as profilePhotos from './migrations/20261126030000-profile-photos.ts';
import * as consentRecords from './migrations/20261126040000-consent-records.ts';
import * as auditLog from './migrations/20261126050000-audit-log.ts';
import * as renderFailureCodes from './migrations/20261126060000-render-failure-codes.ts';
import * as scheduledRuns from './migrations/20261126070000-scheduled-runs.ts';
import * as consentExpiryHandled from './migrations/20261126070100-consent-expiry-handled.ts';
import * as retention from './migrations/20261126070200-retention.ts';
import * as dataRights from './migrations/20261126060000-data-rights.ts';
import * as generativeEngine from './migrations/20261126080000-generative-engine.ts';
import * as clinicWorkspaces from './migrations/20261126090000-clinic-workspaces.ts';
import * as clinicCredits from './migrations/20261127010000-clinic-credits.ts';
import * as clinicBrandEnginesWebhooks from './migrations/20261127020000-clinic-brand-engines-webhooks.ts';
import * as clinicAuditEvents from './migrations/20261127030000-clinic-audit-events.ts';
import * as clinicMemberDeletion from './migrations/20261127040000-clinic-member-deletion.ts';

// Migrations are listed in code (not read from a folder) so a bundled or moved server
// can never miss one; names are timestamps, and a landed migration is never edited.
export const MIGRATIONS: Record<string, Migration> = {
  '20261122190000-profiles-and-credit-ledger': profilesAndCreditLedger,
  '20261122203000-videos': videos,
  '20261123000000-billing-demo-requests-feedback': billing,
  '20261123020000-public-api': publicApi,
  '20261125200000-video-job-ownership': videoJobOwnership,
  '20261125210000-webhook-delivery-claims': webhookDeliveryClaims,
  '20261126000000-brand-kits': brandKits,
  '20261126010000-video-template': videoTemplate,
  '20261126020000-existing-accounts-verified': existingAccountsVerified,
  '20261126030000-profile-photos': profilePhotos,
  '20261126040000-consent-records': consentRecords,
  '20261126050000-audit-log': auditLog,
  '20261126060000-render-failure-codes': renderFailureCodes,
  '20261126070000-scheduled-runs': scheduledRuns,
  '20261126070100-consent-expiry-handled': consentExpiryHandled,
  '20261126070200-retention': retention,
  '20261126060000-data-rights': dataRights,
  '20261126080000-generative-engine': generativeEngine,
  '20261126090000-clinic-workspaces': clinicWorkspaces,
  '20261127010000-clinic-credits': clinicCredits,
  '20261127020000-clinic-brand-engines-webhooks': clinicBrandEnginesWebhooks,
  '20261127030000-clinic-audit-events': clinicAuditEvents,
  '20261127040000-clinic-member-deletion': clinicMemberDeletion,
};

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  return migrateWith(db, MIGRATIONS);
}

/**
 * Runs every migration of `migrations` not yet run, in name order. Unordered: a migration that
 * landed with a name sorting before one already run (built alongside it) still runs, instead
 * of the start refusing a database that ran the later one first; migrations are additive and
 * independent of one another's order within a release for that reason.
 */
export async function migrateWith<T>(
  db: Kysely<T>,
  migrations: Record<string, Migration>,
): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'glowreel_migrations',
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
