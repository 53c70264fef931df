import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../../config.ts';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/** One object of a listing. */
export interface ListedObject {
  key: string;
  lastModified: Date;
}

/** How long a presigned download address works: long enough to start, short if it leaks. */
const PRESIGNED_URL_SECONDS = 5 * 60;

export function openS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums the SDK adds by default are not understood by every S3-compatible service
    // (s3rver stores streamed uploads corrupted); S3 checks Content-MD5-less puts by length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable endpoint fails in seconds rather than hanging a start or a request.
    requestHandler: { connectionTimeout: 5000 },
  });
}

/** True for the answers S3 gives to a key (or bucket) that is not there. */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/**
 * The objects of one bucket: the only file that speaks the S3 API. Every object is private
 * (no ACL, no public policy); clients reach one only through the server or a presigned URL.
 */
export class S3Objects {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {}

  async putBytes(key: string, bytes: Uint8Array, contentType?: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  /** Streams a local file up (one PUT: up to 5 GB, far above any video or export). */
  async putFile(key: string, sourcePath: string, contentType?: string): Promise<void> {
    const { size } = await stat(sourcePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(sourcePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  /** Undefined when there is no such object. */
  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** The object's bytes as they arrive (an inclusive range of them with `range`). */
  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    // On Node the SDK's body is an http.IncomingMessage, a Readable.
    return object.Body as Readable;
  }

  /** The whole object in memory (small pictures only); null when there is no such object. */
  async readBytes(key: string): Promise<Uint8Array | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Copies the object into a new private local file; false when there is no such object. */
  async download(key: string, targetPath: string): Promise<boolean> {
    let body: Readable;
    try {
      body = await this.read(key);
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    await pipeline(body, createWriteStream(targetPath, { mode: 0o600, flags: 'wx' }));
    return true;
  }

  /** Deleting a missing object succeeds, as S3 itself answers. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<ListedObject[]> {
    const found: ListedObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key)
          found.push({ key: object.Key, lastModified: object.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  /** A GET address that works for a few minutes and names the type and download name. */
  presignedGetUrl(
    key: string,
    response: { contentType: string; contentDisposition: string | null },
  ): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentType: response.contentType,
        ResponseContentDisposition: response.contentDisposition ?? undefined,
        ResponseCacheControl: 'private, no-store',
      }),
      { expiresIn: PRESIGNED_URL_SECONDS },
    );
  }
}
