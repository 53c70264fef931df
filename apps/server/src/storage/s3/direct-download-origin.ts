import type { StorageConfig } from '../../config.ts';
import { openS3Client, S3Objects } from './s3-objects.ts';

/**
 * The origin presigned download URLs point at, or null when downloads stream through the
 * server. The page's <video> and <img> follow our download route's 302 there, so the Content
 * Security Policy must allow it. Worked out by presigning a URL (no request is sent), so it
 * matches whatever addressing style and endpoint the SDK picks.
 */
export async function directDownloadOrigin(config: StorageConfig): Promise<string | null> {
  if (config.kind !== 's3' || config.publicDownloads !== 'presigned') return null;
  const client = openS3Client(config);
  try {
    const url = await new S3Objects(client, config.bucket).presignedGetUrl('videos/origin', {
      contentType: 'video/mp4',
      contentDisposition: null,
    });
    return new URL(url).origin;
  } finally {
    client.destroy();
  }
}
