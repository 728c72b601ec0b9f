import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export const BUCKET = 'hopbox-photos';
/** s3rver's fixed credentials, as the product's settings carry them. */
export const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/** A real S3-compatible server on 127.0.0.1 with the bucket, and a client of it for looking inside. */
export async function startS3Server() {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'hopbox-s3-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const endpoint = `http://127.0.0.1:${((await server.run()) as { port: number }).port}`;
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    endpoint,
    s3,
    close: async () => {
      s3.destroy();
      await server.close();
    },
  };
}
