import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { messages } from '@hopbox/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { packages } from '../../src/db/schema.ts';
import { createLocalStorage } from '../../src/providers/storage/storage.ts';
import { buildTestApp, expectError, receiveBody, staffReceiveWithPhotos, type TestApp, testImage } from '../helper.ts';
import { runCli } from '../run-cli.ts';
import { BUCKET, KEYS, startS3Server } from './s3-server.ts';

/**
 * Decision 033: photos in an S3-compatible bucket, tested against a real S3 server (s3rver) on 127.0.0.1:
 * stored and read back byte for byte through the owner check, a missing object, and the service down.
 */
describe('photos in S3-compatible storage', () => {
  let bucket: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  let s3: S3Client;

  beforeAll(async () => {
    bucket = await startS3Server();
    s3 = bucket.s3;
    t = await buildTestApp({ S3_BUCKET: BUCKET, S3_ENDPOINT: bucket.endpoint, S3_FORCE_PATH_STYLE: 'true', ...KEYS });
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  const objectKeys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key as string);

  /** Staff receive a package with one photo; its customer opens the package's details. */
  async function receiveWithPhoto(app: TestApp, photo: Buffer, shipper = 'S3 Store') {
    const staff = (await app.userWithToken('staff')).headers;
    const customer = await app.userWithToken('user');
    const res = await staffReceiveWithPhotos(app, staff, [{ name: 'box.jpg', body: photo }], {
      package: JSON.stringify(receiveBody(customer.user.lockerNumber as string, { shipper })),
    });
    return { res, customer };
  }

  it('writes a key once with create: a second create answers false and the first body stays (S3 and disk alike)', async () => {
    const local = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'hopbox-create-')));
    for (const storage of [t.app.deps.storage, local]) {
      expect(await storage.create('invoices/1/contents.json', Buffer.from('first'), 'application/json')).toBe(true);
      expect(await storage.create('invoices/1/contents.json', Buffer.from('second'), 'application/json')).toBe(false);
      const kept = await storage.get('invoices/1/contents.json');
      expect((await buffer(kept?.stream as Readable)).toString()).toBe('first');
    }
  });

  it('stores a receipt photo and its thumbnail in the bucket and streams them back to the owner, byte for byte', async () => {
    const photo = await testImage('jpeg', { width: 640, height: 480 });
    const { res, customer } = await receiveWithPhoto(t, photo);
    expect(res.statusCode, res.body).toBe(201);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/user/received-packages/${res.json().data.id}`,
      headers: customer.headers,
    });
    const [attachment] = details.json().data.receiptPhotos as { fileUrl: string; thumbnailUrl: string; fileName: string }[];
    expect(await objectKeys()).toEqual(expect.arrayContaining([expect.stringContaining(attachment?.fileName as string)]));

    const download = await t.app.inject({ method: 'GET', url: attachment?.fileUrl as string, headers: customer.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.rawPayload.equals(photo)).toBe(true);
    const thumbnail = await t.app.inject({ method: 'GET', url: attachment?.thumbnailUrl as string, headers: customer.headers });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    // The bucket is private to the API: another customer gets the usual 404.
    const stranger = await t.userWithToken('user');
    expect((await t.app.inject({ method: 'GET', url: attachment?.fileUrl as string, headers: stranger.headers })).statusCode).toBe(404);
  });

  it('answers a photo missing from the bucket as a missing image, not an error', async () => {
    const { res, customer } = await receiveWithPhoto(t, await testImage('png'));
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/user/received-packages/${res.json().data.id}`,
      headers: customer.headers,
    });
    const [attachment] = details.json().data.receiptPhotos as { fileUrl: string; fileName: string }[];
    const key = (await objectKeys()).find((k) => k.endsWith(attachment?.fileName as string)) as string;
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    const download = await t.app.inject({ method: 'GET', url: attachment?.fileUrl as string, headers: customer.headers });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('is part of readiness: /api/health/ready answers 200 while the bucket answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
  });

  describe('with the storage service down', () => {
    let down: TestApp;
    beforeAll(async () => {
      // A port nothing listens on: every call to the service is refused.
      down = await buildTestApp({ S3_BUCKET: BUCKET, S3_ENDPOINT: 'http://127.0.0.1:9', S3_FORCE_PATH_STYLE: 'true', ...KEYS });
    });
    afterAll(() => down?.close());

    it('answers 503 with a clear message and writes nothing to the database', async () => {
      const { res } = await receiveWithPhoto(down, await testImage(), 'Unreachable Store');
      expectError(res, 503, messages.transport.storageUnavailable);
      expect(res.headers['retry-after']).toBe('5');
      expect(await down.db.select().from(packages).where(eq(packages.shipper, 'Unreachable Store'))).toEqual([]);
    });

    it('is not ready (503) for the load balancer, while plain health stays 200', async () => {
      expectError(await down.app.inject({ method: 'GET', url: '/api/health/ready' }), 503, 'Photo storage unavailable');
      expect((await down.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });
});

describe('npm run cli -- storage:migrate', () => {
  let bucket: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    bucket = await startS3Server();
  });
  afterAll(() => bucket?.close());

  it('copies the local photos to the bucket under the same keys, byte for byte, and a second run copies nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hopbox-migrate-'));
    const photo = await testImage('jpeg');
    const thumb = await testImage('webp');
    mkdirSync(path.join(dataDir, 'uploads/photos/7'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads/photos/7/a.jpg'), photo);
    writeFileSync(path.join(dataDir, 'uploads/photos/7/thumb-a.webp'), thumb);
    const env = { DATA_DIR: dataDir, S3_BUCKET: BUCKET, S3_ENDPOINT: bucket.endpoint, S3_FORCE_PATH_STYLE: 'true', ...KEYS };
    const first = await runCli(['storage:migrate'], env);
    expect(first.stdout, first.stderr).toContain(`Copied 2 files to ${BUCKET}; 0 already there.`);
    const stored = await bucket.s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'photos/7/a.jpg' }));
    expect(Buffer.from(await (stored.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray()).equals(photo)).toBe(
      true,
    );
    expect(stored.ContentType).toBe('image/jpeg');
    const again = await runCli(['storage:migrate'], env);
    expect(again.stdout, again.stderr).toContain(`Copied 0 files to ${BUCKET}; 2 already there.`);
  }, 120_000);

  it('refuses to run without S3_BUCKET', async () => {
    const run = await runCli(['storage:migrate'], { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hopbox-migrate-')) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('set S3_BUCKET');
  }, 120_000);
});

describe('S3 settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: tmpdir() };
  it('uses the local folder unless S3_BUCKET is set, and reads every S3 setting', () => {
    expect(loadConfig(base).storage).toEqual({ provider: 'local' });
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'photos',
        S3_REGION: 'eu-west-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_REQUEST_CHECKSUM: 'WHEN_SUPPORTED',
      }).storage,
    ).toEqual({
      provider: 's3',
      bucket: 'photos',
      region: 'eu-west-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_SUPPORTED',
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT: needs S3_BUCKET'],
    [{ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY: required'],
    [{ S3_BUCKET: 'Photos_Bucket' }, 'S3_BUCKET: must be a bucket name'],
    [{ S3_BUCKET: 'photos', S3_REQUEST_CHECKSUM: 'ALWAYS' }, 'S3_REQUEST_CHECKSUM: must be WHEN_SUPPORTED or WHEN_REQUIRED'],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT: must be a full URL'],
  ])('refuses %o at start-up', (vars, message) => {
    expect(() => loadConfig({ ...base, ...vars })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...vars })).toThrow(message);
  });
});
