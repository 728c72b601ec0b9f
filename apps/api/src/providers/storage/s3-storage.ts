import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type Storage, StorageUnavailableError } from './storage.ts';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's root (MinIO, R2, ...); AWS itself when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`host/bucket/key`) rather than the host name, as most S3-compatible services want. */
  forcePathStyle: boolean;
  /**
   * The SDK's flexible checksums: `WHEN_SUPPORTED` (its default) sends streaming checksums that some
   * S3-compatible services store inside the object; `WHEN_REQUIRED` sends them only where S3 demands them.
   */
  requestChecksumCalculation: 'WHEN_SUPPORTED' | 'WHEN_REQUIRED';
}

const MISSING = new Set(['NoSuchKey', 'NotFound']);
/** A conditional write (If-None-Match: *) lost to another: the key is taken (412) or being written (409). */
const WRITTEN_FIRST = new Set([409, 412]);

/** A failure of the service itself (down, refused, misconfigured) rather than a missing object. */
function unavailable(err: unknown): StorageUnavailableError {
  const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return new StorageUnavailableError(`object storage unavailable (${reason})`, { cause: err });
}

/** The SDK client for these settings: short timeouts, so an outage answers 503 quickly. */
export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: config.requestChecksumCalculation,
    responseChecksumValidation: config.requestChecksumCalculation,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 20_000 },
  });
}

/**
 * Photos in an S3 bucket (decision 033). Customers never get bucket URLs: the API streams each object
 * through its owner check, so the bucket stays private.
 */
export function createS3Storage(config: S3StorageConfig, s3: S3Client = createS3Client(config)): Storage {
  const Bucket = config.bucket;
  return {
    async put(key, body, contentType) {
      try {
        await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
      } catch (err) {
        throw unavailable(err);
      }
    },
    async create(key, body, contentType) {
      try {
        // Asked first as well: a service that ignores If-None-Match (some S3-compatible ones) still keeps the first.
        await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return false;
      } catch (err) {
        if (!(err instanceof S3ServiceException && MISSING.has(err.name))) throw unavailable(err);
      }
      try {
        await s3.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length, IfNoneMatch: '*' }),
        );
        return true;
      } catch (err) {
        // 412: the key is taken; 409: a write to it is under way, and that one comes first.
        if (err instanceof S3ServiceException && WRITTEN_FIRST.has(err.$metadata.httpStatusCode ?? 0)) return false;
        throw unavailable(err);
      }
    },
    async get(key) {
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return { stream: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) };
      } catch (err) {
        if (err instanceof S3ServiceException && MISSING.has(err.name)) return null;
        throw unavailable(err);
      }
    },
    async delete(key) {
      try {
        await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        throw unavailable(err);
      }
    },
    async check() {
      try {
        await s3.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw unavailable(err);
      }
    },
  };
}
