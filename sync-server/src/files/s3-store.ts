import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { keyPath, type FileKey, type TFileStore, type TStoredFile } from './file-store.ts';

/** An S3-compatible store (AWS S3, MinIO, Cloudflare R2, Backblaze B2): the S3_* settings. */
export type TS3Settings = {
  bucket: string;
  /** The store's address; none for AWS S3 itself. */
  endpoint: string | null;
  region: string;
  /** None: the SDK's own lookup (environment, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** bucket in the path (`https://host/bucket/key`), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
};

/** A streamed put is sent in parts of this size, two at a time: at most 16 MB of a file in memory. */
const PART_SIZE = 8 * 1024 * 1024;

const notFound = (e: unknown): boolean => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

export function s3Store(settings: TS3Settings): TFileStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function putStream(Key: string, Body: Readable): Promise<void> {
    // Up to 8 MB in one PUT; beyond, a multipart upload the store assembles only when every part is in, so
    // nobody ever reads a partial object.
    await new Upload({ client, params: { Bucket, Key, Body }, partSize: PART_SIZE, queueSize: 2 }).done();
  }

  return {
    kind: 's3',
    where: `s3://${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async put(key, source) {
      const Key = keyPath(key);
      if (source instanceof Uint8Array)
        await client.send(new PutObjectCommand({ Bucket, Key, Body: source, ContentLength: source.length }));
      else if (source instanceof Readable) await putStream(Key, source);
      else {
        await putStream(Key, createReadStream(source.path));
        await unlink(source.path);
      }
    },
    async get(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyPath(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // A ranged answer names the whole size after the slash: `bytes 0-9/1234`.
        const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : Number(res.ContentLength);
        return { size: total, body: res.Body as Readable };
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: keyPath(key) }));
        return { size: Number(res.ContentLength) };
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyPath(key) }));
    },
    async *list(prefix: FileKey = []): AsyncGenerator<TStoredFile> {
      const Prefix = prefix.length ? `${keyPath(prefix)}/` : undefined;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, ...(Prefix ? { Prefix } : {}), ContinuationToken }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key) yield { key: o.Key.split('/'), size: Number(o.Size ?? 0) };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
