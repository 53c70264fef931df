import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DATA_EXPORT_JSON_NAME,
  DATA_EXPORT_OFFER_HOURS,
  type DataExportDocument,
} from '@glowreel/contracts';
import type { DataExportsRepository } from '../db/data-exports.repository.ts';
import type { DataRightsRepository } from '../db/data-rights.repository.ts';
import { toConsentRecord } from '../services/consent-records.ts';
import type { VideoStorage } from '../storage/video-storage.ts';
import { writeZipFile, type ZipEntry } from './zip-archive.ts';

/** The account's audit log entries, oldest first, as the audit log shows them. */
export type AuditLogReader = (accountId: string) => Promise<readonly unknown[]>;

export interface DataExportJobDependencies {
  exports: Pick<DataExportsRepository, 'findById' | 'setProgress' | 'markReady' | 'markFailed'>;
  rows: Pick<DataRightsRepository, 'findUser' | 'readAccountForExport'>;
  readAuditLog: AuditLogReader;
  videoFiles: Pick<VideoStorage, 'read'>;
  /** Where finished zips are kept (key zips/<export id>.zip) until they expire. */
  exportFiles: Pick<VideoStorage, 'putFile' | 'delete'>;
  /** A private folder for the zip while it is written. */
  scratchDir: string;
  log: { error: (details: object, message: string) => void };
  now?: () => Date;
}

const OFFER_MS = DATA_EXPORT_OFFER_HOURS * 60 * 60 * 1000;
/** The JSON is most of the work for an account without videos; the MP4s share the rest. */
const PROGRESS_AFTER_JSON = 10;

export function exportFileKey(exportId: string): string {
  return `zips/${exportId}.zip`;
}

/**
 * Builds one export's zip: a JSON document of everything the account holds (its own account,
 * the clinics it owns, the videos it made elsewhere) and each finished video's MP4. Knows nothing of HTTP or of who runs it — the embedded server runs it in
 * process, a queue worker could run it the same way from the export's id.
 */
export class DataExportJob {
  constructor(private readonly deps: DataExportJobDependencies) {}

  async run(exportId: string): Promise<void> {
    const row = await this.deps.exports.findById(exportId);
    if (!row || row.status !== 'building') return;
    const scratchPath = path.join(this.deps.scratchDir, `${exportId}.zip`);
    try {
      const { document, entries } = await this.collect(row.user_id);
      if (!document) {
        await this.deps.exports.markFailed(exportId, 'This account has been deleted.');
        return;
      }
      await mkdir(this.deps.scratchDir, { recursive: true, mode: 0o700 });
      await rm(scratchPath, { force: true });
      const total = entries.length;
      const size = await writeZipFile(scratchPath, entries, (done) => {
        const progress = Math.min(
          99,
          PROGRESS_AFTER_JSON + Math.floor(((done - 1) / Math.max(1, total - 1)) * 89),
        );
        this.deps.exports.setProgress(exportId, progress).catch((error: unknown) => {
          this.deps.log.error({ exportId, err: error }, 'export progress could not be saved');
        });
      });
      const key = exportFileKey(exportId);
      await this.deps.exportFiles.putFile(key, scratchPath);
      const readyAt = this.now();
      const ready = await this.deps.exports.markReady(exportId, {
        fileKey: key,
        fileSize: size,
        readyAt,
        expiresAt: new Date(readyAt.getTime() + OFFER_MS),
      });
      // The account was deleted while the zip was written: nothing may keep its data.
      if (!ready) await this.deps.exportFiles.delete(key);
    } catch (error) {
      this.deps.log.error({ exportId, err: error }, 'data export failed');
      await rm(scratchPath, { force: true });
      await this.deps.exports.markFailed(
        exportId,
        'The export could not be built. Please request it again.',
      );
    }
  }

  private now(): Date {
    return (this.deps.now ?? (() => new Date()))();
  }

  private async collect(
    userId: string,
  ): Promise<{ document: DataExportDocument | null; entries: ZipEntry[] }> {
    const user = await this.deps.rows.findUser(userId);
    const account = await this.deps.rows.readAccountForExport(userId);
    if (!user || !account.profile) return { document: null, entries: [] };
    const auditLog = await this.deps.readAuditLog(userId);
    const consents = new Map(account.consents.map((row) => [row.video_id, row]));
    const files: ZipEntry[] = [];
    const videos = account.videos.map((video) => {
      const key = video.status === 'completed' ? video.video_key : null;
      const file = key ? `videos/${video.id}.mp4` : null;
      if (key && file) {
        files.push({ name: file, open: () => this.deps.videoFiles.read(key), compress: false });
      }
      const consent = consents.get(video.id);
      return {
        id: video.id,
        clinicId: video.clinic_id,
        title: video.title,
        status: video.status,
        createdAt: video.created_at.toISOString(),
        completedAt: video.completed_at?.toISOString() ?? null,
        width: video.width,
        height: video.height,
        template: video.template,
        engine: video.engine,
        provenance: parseJson(video.provenance),
        // The clinic's full evidence, including where the attestation came from; only for the
        // clinics the account owns (readAccountForExport reads no other).
        consent: consent
          ? {
              ...toConsentRecord(consent),
              ipAddress: consent.ip_address,
              userAgent: consent.user_agent,
              revokedReason: consent.revoked_reason,
            }
          : null,
        file,
      };
    });
    const { profile } = account;
    const document: DataExportDocument = {
      format: 'glowreel-data-export/1',
      exportedAt: this.now().toISOString(),
      profile: {
        id: user.id,
        email: user.email,
        displayName: user.name,
        createdAt: new Date(user.createdAt).toISOString(),
      },
      clinics: account.clinics,
      plan: {
        plan: profile.plan,
        status: profile.status,
        videosRemaining: profile.videos_remaining,
        videosTotal: profile.videos_total,
        creditsFree: profile.credits_free,
        creditsBonus: profile.credits_bonus,
      },
      ledger: account.ledger.map((entry) => ({
        clinicId: entry.clinic_id,
        at: entry.created_at.toISOString(),
        bucket: entry.bucket,
        delta: entry.delta,
        reason: entry.reason,
        balanceAfter: entry.balance_after,
        note: entry.note,
      })),
      videos,
      engineOptIns: account.engineOptIns.map((optIn) => ({
        clinicId: optIn.clinic_id,
        engine: optIn.engine,
        noticeVersion: optIn.notice_version,
        acceptedBy: optIn.accepted_by,
        acceptedAt: new Date(optIn.accepted_at).toISOString(),
      })),
      auditLog: [...auditLog],
    };
    const json: ZipEntry = {
      name: DATA_EXPORT_JSON_NAME,
      bytes: Buffer.from(JSON.stringify(document, null, 2)),
    };
    return { document, entries: [json, ...files] };
  }
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}
