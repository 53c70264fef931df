import type { ConsentRecord, EngineId, RenderFailureCode, Template } from '@glowreel/contracts';
import type { ConsentRow } from '../db/consent-records.repository.ts';
import type { VideoRecordRow } from '../db/videos.repository.ts';
import { toConsentRecord } from './consent-records.ts';
import { failureView } from './render-failure.ts';

/** SPEC §3 video record, plus progress, warnings and provenance. */
export interface VideoRecord {
  id: string;
  userId: string;
  title: string;
  prompt: string;
  status: 'processing' | 'completed' | 'failed';
  createdAt: string;
  updatedAt: string;
  downloadUrl: string | null;
  thumbnailUrl: string | null;
  processingTime: number | null;
  fileSize: number | null;
  duration: number | null;
  errorMessage: string | null;
  errorCode: RenderFailureCode | null;
  progress: number;
  stage: number;
  width: number;
  height: number;
  warnings: { code: string; message: string }[];
  provenance: unknown;
  /** Null on videos made before templates. */
  template: Template | null;
  /** The engine that made it (issue #20). */
  engine: EngineId;
  /** Null on videos made before consent records (issue #18). */
  consent: ConsentRecord | null;
}

function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

export function toVideoRecord(
  row: VideoRecordRow,
  consent: ConsentRow | null | undefined,
): VideoRecord {
  const isCompleted = row.status === 'completed';
  const failure = failureView(row);
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    prompt: row.prompt,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    downloadUrl: isCompleted ? `/api/videos/${row.id}/download` : null,
    thumbnailUrl: isCompleted && row.thumbnail_key ? `/api/videos/${row.id}/thumbnail` : null,
    processingTime: row.processing_time_ms,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    duration: row.duration,
    errorMessage: failure?.message ?? null,
    errorCode: failure?.code ?? null,
    progress: isCompleted ? 100 : row.progress,
    stage: row.stage,
    width: row.width,
    height: row.height,
    warnings: parseJson(row.warnings, []),
    provenance: parseJson(row.provenance, null),
    template: row.template,
    engine: row.engine,
    consent: consent ? toConsentRecord(consent) : null,
  };
}
