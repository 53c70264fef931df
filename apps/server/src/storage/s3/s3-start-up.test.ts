import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { spawnServerScript, waitForExit } from '../../testing/server-process.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { openStorage } from '../open-storage.ts';
import { StorageUnavailableError } from './s3-bucket-check.ts';

const FULL = {
  S3_BUCKET: 'clinic-media',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret-access-key',
};

function problemsOf(environment: Record<string, string>): string[] {
  try {
    loadConfig(environment, '/srv');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('S3 configuration', () => {
  it('keeps the data folder when no S3 variable is set', () => {
    expect(loadConfig({}, '/srv').storage).toEqual({ kind: 'local' });
  });

  it('uses the bucket with its keys, AWS defaults and streamed downloads', () => {
    expect(loadConfig(FULL, '/srv').storage).toEqual({
      kind: 's3',
      bucket: 'clinic-media',
      region: 'us-east-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret-access-key' },
      publicDownloads: 'stream',
    });
    const compatible = loadConfig(
      {
        ...FULL,
        S3_ENDPOINT: 'http://minio.internal:9000/',
        S3_REGION: 'eu-west-3',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_DOWNLOADS: 'presigned',
      },
      '/srv',
    ).storage;
    expect(compatible).toMatchObject({
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
      publicDownloads: 'presigned',
    });
  });

  it('refuses a bucket without credentials and names each missing variable', () => {
    expect(problemsOf({ S3_BUCKET: 'clinic-media' })).toEqual([
      'S3_ACCESS_KEY_ID: is required when S3_BUCKET is set (S3 storage)',
      'S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set (S3 storage)',
    ]);
    const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = FULL;
    expect(problemsOf(withoutSecret)).toEqual([
      'S3_SECRET_ACCESS_KEY: is required when S3_BUCKET, S3_ACCESS_KEY_ID is set (S3 storage)',
    ]);
  });

  it('refuses S3 settings without a bucket rather than quietly keeping files on disk', () => {
    const { S3_BUCKET: _bucket, ...withoutBucket } = FULL;
    expect(problemsOf(withoutBucket)).toEqual([
      'S3_BUCKET: is required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY is set (S3 storage)',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio.internal:9000' })).toEqual([
      'S3_BUCKET: is required when S3_ENDPOINT is set (S3 storage)',
    ]);
  });

  it('names a bad value and never shows the secret', () => {
    const problems = problemsOf({
      ...FULL,
      S3_BUCKET: 'Clinic_Media',
      S3_PUBLIC_DOWNLOADS: 'public',
      S3_SECRET_ACCESS_KEY: '',
    });
    expect(problems.join('\n')).toMatch(/^S3_BUCKET: must be an S3 bucket name.*"Clinic_Media"/m);
    expect(problems.join('\n')).toMatch(/^S3_PUBLIC_DOWNLOADS: must be "stream" or "presigned"/m);
    expect(problems.join('\n')).toMatch(/^S3_SECRET_ACCESS_KEY: [^"]*$/m);
  });
});

describe('the bucket check at start', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3Server();
  });
  afterAll(async () => {
    await s3.close();
  });

  const configFor = (environment: Record<string, string>) =>
    loadConfig({ DATA_DIR: '/srv/unused', ...environment }, '/srv');

  it('opens a bucket that exists and leaves no probe object behind', async () => {
    const bucket = await s3.createBucket();
    const storage = await openStorage(configFor(s3.environmentFor(bucket)));
    try {
      expect(storage.kind).toBe('s3');
      expect(await s3.keys(bucket)).toEqual([]);
    } finally {
      storage.close();
    }
  });

  it('stops the start with a message naming a missing bucket and its endpoint', async () => {
    const opening = openStorage(configFor(s3.environmentFor('no-such-bucket')));
    await expect(opening).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(opening).rejects.toThrow(
      `Storage unavailable: S3 bucket "no-such-bucket" at ${s3.endpoint}: the bucket does not exist.`,
    );
  });

  it('stops the start when the access key is refused', async () => {
    const bucket = await s3.createBucket();
    const opening = openStorage(
      configFor({ ...s3.environmentFor(bucket), S3_ACCESS_KEY_ID: 'NOT-A-KEY' }),
    );
    await expect(opening).rejects.toThrow(
      new RegExp(`S3 bucket "${bucket}" at .*: access was refused: check S3_ACCESS_KEY_ID`),
    );
  });

  it('stops the start when nothing answers at the endpoint', async () => {
    const opening = openStorage(
      configFor({ ...s3.environmentFor('clinic-media'), S3_ENDPOINT: 'http://127.0.0.1:9' }),
    );
    await expect(opening).rejects.toThrow(
      /^Storage unavailable: S3 bucket "clinic-media" at http:\/\/127\.0\.0\.1:9: it could not be reached/,
    );
  });

  it('the server refuses to start on a missing bucket, saying which, without a stack trace', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'glowreel-s3-start-'));
    try {
      const result = await waitForExit(
        spawnServerScript('main.ts', [], {
          ...s3.environmentFor('no-such-bucket'),
          DATA_DIR: dataDir,
          PORT: '0',
        }),
      );
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `Storage unavailable: S3 bucket "no-such-bucket" at ${s3.endpoint}: the bucket does not exist.`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the server refuses to start on half an S3 configuration, naming the missing variable', async () => {
    const result = await waitForExit(
      spawnServerScript('main.ts', [], { S3_BUCKET: 'clinic-media', DATA_DIR: tmpdir() }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'S3_ACCESS_KEY_ID: is required when S3_BUCKET is set (S3 storage)',
    );
  });
});
