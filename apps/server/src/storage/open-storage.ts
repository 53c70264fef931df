import path from 'node:path';
import type { Config } from '../config.ts';
import type { KeptFiles } from '../services/kept-files.ts';
import type { UploadFiles } from '../services/upload-files.ts';
import { LocalKeptFiles } from './local-kept-files.ts';
import { LocalVideoStorage } from './local-video-storage.ts';
import { checkS3Bucket } from './s3/s3-bucket-check.ts';
import { S3KeptFiles } from './s3/s3-kept-files.ts';
import { openS3Client, S3Objects } from './s3/s3-objects.ts';
import { S3UploadFiles } from './s3/s3-upload-files.ts';
import { S3VideoStorage } from './s3/s3-video-storage.ts';
import { TempUploadFiles } from './temp-upload-files.ts';
import type { VideoStorage } from './video-storage.ts';

/** Everything the server stores, in one place: the data folder or one S3 bucket. */
export interface Storage {
  /** Finished MP4s and posters. */
  videos: VideoStorage;
  /** Data export zips (zips/<export id>.zip), kept for 24 hours. */
  exports: VideoStorage;
  /** A job's uploads, only while the job runs. */
  uploads: UploadFiles;
  logos: KeptFiles;
  photos: KeptFiles;
  /** Which of the two it is, for the start-up log. */
  kind: 'local' | 's3';
  close: () => void;
}

/**
 * Opens the configured storage. With S3 the bucket is checked first: a missing bucket or
 * refused credentials throw `StorageUnavailableError` naming the bucket and endpoint.
 */
export async function openStorage(config: Config): Promise<Storage> {
  const { storage } = config;
  if (storage.kind === 'local') {
    const { dataDir } = config;
    return {
      kind: 'local',
      videos: new LocalVideoStorage(path.join(dataDir, 'videos')),
      exports: new LocalVideoStorage(path.join(dataDir, 'exports')),
      uploads: new TempUploadFiles(path.join(dataDir, 'tmp', 'uploads')),
      logos: new LocalKeptFiles(path.join(dataDir, 'brand-logos'), '.logo'),
      photos: new LocalKeptFiles(path.join(dataDir, 'profile-photos'), '.photo'),
      close: () => undefined,
    };
  }
  const client = openS3Client(storage);
  const objects = new S3Objects(client, storage.bucket);
  try {
    await checkS3Bucket(objects, storage);
  } catch (error) {
    client.destroy();
    throw error;
  }
  return {
    kind: 's3',
    videos: new S3VideoStorage(objects, 'videos/', storage.publicDownloads),
    exports: new S3VideoStorage(objects, 'exports/', storage.publicDownloads),
    uploads: new S3UploadFiles(objects),
    logos: new S3KeptFiles(objects, 'brand-logos/', '.logo'),
    photos: new S3KeptFiles(objects, 'profile-photos/', '.photo'),
    close: () => client.destroy(),
  };
}
