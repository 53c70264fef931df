import { HeadBucketCommand, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Objects, S3StorageConfig } from './s3-objects.ts';

/** The bucket cannot be used: the server must not start and take uploads it cannot keep. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

function reasonOf(error: unknown): string {
  if (!(error instanceof S3ServiceException)) {
    return `it could not be reached (${error instanceof Error ? error.message : String(error)})`;
  }
  const status = error.$metadata.httpStatusCode;
  if (status === 404) return 'the bucket does not exist';
  if (status === 403 || status === 401) {
    return 'access was refused: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY and the key’s permissions';
  }
  return `it answered ${error.name}${status ? ` (HTTP ${status})` : ''}`;
}

/**
 * Checks at start that the bucket exists and these credentials may write and delete in it
 * (HeadBucket, then a small probe object put and deleted), so a wrong name or key stops the
 * start with a message naming the bucket and endpoint instead of failing the first upload.
 */
export async function checkS3Bucket(objects: S3Objects, config: S3StorageConfig): Promise<void> {
  const where = `S3 bucket "${config.bucket}" at ${config.endpoint ?? `AWS (${config.region})`}`;
  try {
    await objects.client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    throw new StorageUnavailableError(`Storage unavailable: ${where}: ${reasonOf(error)}.`, {
      cause: error,
    });
  }
  const probeKey = `tmp/start-probes/${crypto.randomUUID()}`;
  try {
    await objects.putBytes(probeKey, new TextEncoder().encode('glowreel start-up probe'));
    await objects.delete(probeKey);
  } catch (error) {
    throw new StorageUnavailableError(
      `Storage unavailable: ${where} cannot be written to: ${reasonOf(error)}.`,
      { cause: error },
    );
  }
}
