import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import {
  freePort,
  signUpClinic,
  startServer,
  stopGracefully,
  uploadComposite,
  waitForVideosSettled,
  type ServerUnderTest,
} from '../../testing/server-under-test.ts';
import { compositePhoto } from '../../testing/test-photos.ts';

// The server as deployed (`npm start`, real renderer and ffmpeg) with S3_BUCKET set.
const TIMEOUT_MS = 240_000;

describe('a real server process with S3 storage', () => {
  let s3: TestS3Server;
  let bucket: string;
  let dataDir: string;
  let server: ServerUnderTest | undefined;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    bucket = await s3.createBucket();
    dataDir = mkdtempSync(path.join(tmpdir(), 'glowreel-s3-server-'));
  });
  afterAll(async () => {
    if (server) await stopGracefully(server);
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'renders a real MP4 from the uploaded object and serves it from the bucket with Range',
    async () => {
      server = await startServer({
        dataDir,
        port: await freePort(),
        environment: s3.environmentFor(bucket),
      });
      const cookie = await signUpClinic(server.origin, 'Bucket Clinic');
      const uploaded = await uploadComposite(server.origin, cookie, await compositePhoto());
      expect(uploaded.status).toBe(202);
      const [video] = await waitForVideosSettled(server.origin, cookie, 180_000);
      expect(video?.status).toBe('completed');
      const mp4Key = (await s3.keys(bucket, 'videos/')).find((key) => key.endsWith('.mp4'));
      expect(mp4Key).toMatch(new RegExp(`^videos/[^/]+/${video?.id ?? ''}\\.mp4$`));

      const ranged = await fetch(`${server.origin}/api/videos/${video?.id ?? ''}/download`, {
        headers: { cookie, range: 'bytes=4-11' },
      });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toMatch(/^bytes 4-11\/\d+$/);
      // An MP4 starts with its size (4 bytes) and then the `ftyp` box.
      expect(Buffer.from(await ranged.arrayBuffer()).toString('latin1')).toMatch(/^ftyp/);
      await expect.poll(() => s3.keys(bucket, 'tmp/')).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
