import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The credentials s3rver knows (it checks the key id, not the signature: DESIGN.md notes). */
const S3RVER_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  /** A client of the server with its own credentials, to look at and arrange objects. */
  client: S3Client;
  /** Makes a bucket with a fresh name and answers the name. */
  createBucket: () => Promise<string>;
  /** Every key in `bucket` (under `prefix`), sorted. */
  keys: (bucket: string, prefix?: string) => Promise<string[]>;
  /** The S3_* variables that point the server at `bucket`. */
  environmentFor: (bucket: string) => Record<string, string>;
  close: () => Promise<void>;
}

/** An S3-compatible server (s3rver) on loopback, on a port of its own, in a fresh folder. */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'glowreel-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    client,
    createBucket: async () => {
      const bucket = `glowreel-${crypto.randomUUID().slice(0, 8)}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    keys: async (bucket, prefix) => {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }),
      );
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    environmentFor: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    }),
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
