import type { ApiVideo } from '@glowreel/contracts';
import type { ConsentRow } from '../db/consent-records.repository.ts';
import type { VideoRow } from '../db/videos.repository.ts';
import { toApiConsentRecord } from './consent-records.ts';
import { failureView } from './render-failure.ts';
import type { UrlSigner } from './url-signer.ts';

/** The public API's view of a video (snake_case, signed file links), from its row. */
export function toApiVideo(
  row: VideoRow,
  consent: ConsentRow | null | undefined,
  links: { signer: UrlSigner; publicUrl: string; now: Date },
): ApiVideo {
  const isCompleted = row.status === 'completed';
  const failure = failureView(row);
  const signed = (file: 'download' | 'thumbnail') =>
    `${links.publicUrl}${links.signer.sign(`/api/v1/videos/${row.id}/${file}`, links.now)}`;
  return {
    id: row.id,
    status: row.status,
    progress: isCompleted ? 100 : row.progress,
    download_url: isCompleted && row.video_key ? signed('download') : null,
    thumbnail_url: isCompleted && row.thumbnail_key ? signed('thumbnail') : null,
    duration: row.duration,
    file_size: row.file_size === null ? null : Number(row.file_size),
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    error: failure?.message ?? null,
    error_code: failure?.code ?? null,
    template: row.template,
    engine: row.engine,
    consent: consent ? toApiConsentRecord(consent) : null,
  };
}
