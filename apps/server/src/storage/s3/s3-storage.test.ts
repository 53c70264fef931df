import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LEFTOVER_AGE_MS } from '../../services/upload-files.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { S3KeptFiles } from './s3-kept-files.ts';
import { openS3Client, S3Objects } from './s3-objects.ts';
import { S3UploadFiles } from './s3-upload-files.ts';
import { S3VideoStorage } from './s3-video-storage.ts';

describe('S3 storage against a real S3-compatible server', () => {
  let s3: TestS3Server;
  let bucket: string;
  let objects: S3Objects;
  let work: string;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    bucket = await s3.createBucket();
    const environment = s3.environmentFor(bucket);
    objects = new S3Objects(
      openS3Client({
        kind: 's3',
        bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: {
          accessKeyId: environment.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: environment.S3_SECRET_ACCESS_KEY ?? '',
        },
        publicDownloads: 'stream',
      }),
      bucket,
    );
    work = mkdtempSync(path.join(tmpdir(), 'glowreel-s3-test-'));
  });
  afterAll(async () => {
    objects.client.destroy();
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  });

  const localFile = (name: string, content: string) => {
    const file = path.join(work, name);
    writeFileSync(file, content);
    return file;
  };
  const readAll = async (stream: Promise<Readable>) => text(await stream);

  describe('finished videos', () => {
    it('moves a finished file into the bucket under its prefix and reads it whole', async () => {
      const storage = new S3VideoStorage(objects, 'videos/', 'stream');
      const source = localFile('video.mp4', '0123456789abcdefghij');
      await storage.putFile('user-1/video-1.mp4', source);
      expect(existsSync(source)).toBe(false);
      expect(await s3.keys(bucket, 'videos/')).toEqual(['videos/user-1/video-1.mp4']);
      expect(await storage.size('user-1/video-1.mp4')).toBe(20);
      expect(await readAll(storage.read('user-1/video-1.mp4'))).toBe('0123456789abcdefghij');
    });

    it('reads an inclusive byte range with a ranged GET', async () => {
      const storage = new S3VideoStorage(objects, 'videos/', 'stream');
      await storage.putFile('user-1/ranged.mp4', localFile('ranged.mp4', '0123456789abcdefghij'));
      expect(await readAll(storage.read('user-1/ranged.mp4', { start: 5, end: 9 }))).toBe('56789');
      expect(await readAll(storage.read('user-1/ranged.mp4', { start: 19, end: 19 }))).toBe('j');
    });

    it('answers no size for a missing key and deletes quietly what is gone', async () => {
      const storage = new S3VideoStorage(objects, 'videos/', 'stream');
      expect(await storage.size('user-1/never-stored.mp4')).toBeUndefined();
      await storage.putFile('user-1/doomed.jpg', localFile('doomed.jpg', 'poster'));
      await storage.delete('user-1/doomed.jpg');
      expect(await storage.size('user-1/doomed.jpg')).toBeUndefined();
      await expect(storage.delete('user-1/doomed.jpg')).resolves.toBeUndefined();
      await expect(storage.read('user-1/doomed.jpg')).rejects.toThrow();
    });

    it('refuses keys that would leave its prefix', async () => {
      const storage = new S3VideoStorage(objects, 'exports/', 'stream');
      await expect(storage.size('../videos/user-1/video-1.mp4')).rejects.toThrow(/unsafe/);
    });

    it('streams downloads unless told to hand them out as presigned URLs that work', async () => {
      const streamed = new S3VideoStorage(objects, 'exports/', 'stream');
      const presigned = new S3VideoStorage(objects, 'exports/', 'presigned');
      await presigned.putFile('zips/export-1.zip', localFile('export.zip', 'zip bytes'));
      const options = {
        contentType: 'application/zip',
        contentDisposition: 'attachment; filename="glowreel-data.zip"',
      };
      expect(await streamed.directDownloadUrl('zips/export-1.zip', options)).toBeNull();
      const url = await presigned.directDownloadUrl('zips/export-1.zip', options);
      expect(url).toContain(`/${bucket}/exports/zips/export-1.zip?`);
      expect(url).toContain('X-Amz-Signature=');
      const fetched = await fetch(url ?? '');
      expect(fetched.status).toBe(200);
      expect(await fetched.text()).toBe('zip bytes');
    });
  });

  describe('kept pictures', () => {
    it('writes under a fresh key, reads it back, and reads null once removed', async () => {
      const logos = new S3KeptFiles(objects, 'brand-logos/', '.logo');
      const key = await logos.write(new Uint8Array([1, 2, 3]));
      expect(await s3.keys(bucket, 'brand-logos/')).toEqual([`brand-logos/${key}.logo`]);
      expect(Buffer.from((await logos.read(key)) ?? [])).toEqual(Buffer.from([1, 2, 3]));
      await logos.remove(key);
      expect(await logos.read(key)).toBeNull();
      await expect(logos.remove(key)).resolves.toBeUndefined();
    });

    it('reads null for a key never written, and refuses a key that is not one of ours', async () => {
      const photos = new S3KeptFiles(objects, 'profile-photos/', '.photo');
      expect(await photos.read(crypto.randomUUID())).toBeNull();
      await expect(photos.read('../brand-logos/x')).rejects.toThrow(/unsafe/);
    });
  });

  describe('temporary uploads', () => {
    it('keeps every part under a private temporary key and copies it into a scratch folder', async () => {
      const uploads = new S3UploadFiles(objects);
      const videoId = crypto.randomUUID();
      const reference = await uploads.write(videoId, Buffer.from('before photo'));
      await uploads.write(videoId, Buffer.from('after photo'), 'after');
      expect(reference).toBe(`tmp/uploads/${videoId}/image`);
      expect(await s3.keys(bucket, `tmp/uploads/${videoId}/`)).toEqual([
        `tmp/uploads/${videoId}/after`,
        `tmp/uploads/${videoId}/image`,
      ]);
      expect(await uploads.exists(videoId)).toBe(true);
      const scratch = path.join(work, `scratch-${videoId}`);
      const copied = await uploads.localPathOf(videoId, 'after', scratch);
      expect(copied).toBe(path.join(scratch, 'after.upload'));
      expect(readFileSync(copied ?? '', 'utf8')).toBe('after photo');
      expect(statSync(copied ?? '').mode & 0o777).toBe(0o600);
      expect(await uploads.localPathOf(videoId, 'logo', scratch)).toBeNull();
    });

    it('removes every part of a job, and then the job has no photo', async () => {
      const uploads = new S3UploadFiles(objects);
      const videoId = crypto.randomUUID();
      await uploads.write(videoId, Buffer.from('photo'));
      await uploads.write(videoId, Buffer.from('logo'), 'logo');
      await uploads.remove(videoId);
      expect(await s3.keys(bucket, `tmp/uploads/${videoId}/`)).toEqual([]);
      expect(await uploads.exists(videoId)).toBe(false);
      expect(await uploads.localPathOf(videoId, 'image', path.join(work, 'gone'))).toBeNull();
    });

    it('counts as leftovers only uploads older than an hour, at start too', async () => {
      const uploads = new S3UploadFiles(objects);
      const videoId = crypto.randomUUID();
      await uploads.write(videoId, Buffer.from('photo'));
      expect(await uploads.listLeftovers()).not.toContain(videoId);
      const anHourOn = new S3UploadFiles(objects, () => Date.now() + UPLOAD_LEFTOVER_AGE_MS + 5000);
      expect(await anHourOn.listLeftovers()).toContain(videoId);
      await uploads.remove(videoId);
      expect(await anHourOn.listLeftovers()).not.toContain(videoId);
    });

    it('lists every stored upload by its video, however recent', async () => {
      const uploads = new S3UploadFiles(objects);
      const videoId = crypto.randomUUID();
      await uploads.write(videoId, Buffer.from('photo'));
      await uploads.write(videoId, Buffer.from('logo'), 'logo');
      expect((await uploads.listStored()).filter((id) => id === videoId)).toEqual([videoId]);
      await uploads.remove(videoId);
      expect(await uploads.listStored()).not.toContain(videoId);
    });

    it('says its uploads are reached by every server', () => {
      expect(new S3UploadFiles(objects).reach).toBe('every-server');
    });
  });
});
