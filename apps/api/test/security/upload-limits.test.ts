import { crc32, deflateSync } from 'node:zlib';
import { messages } from '@hopbox/contracts/messages';
import { photoRequestMessages } from '@hopbox/contracts/photo-request-messages';
import { PHOTO_MAX_MEGAPIXELS, UPLOAD_LIMITS } from '@hopbox/contracts/photo-requests';
import { describe, expect, it } from 'vitest';
import {
  expectError,
  multipartBody,
  newPhotoRequest,
  receiveBody,
  staffReceiveWithPhotos,
  testImage,
  type UploadFile,
  uploadedFiles,
  useTestApp,
} from '../helper.ts';

/**
 * Upload forms are bounded: in parts, fields, field sizes and header lines (multipart limits), and in
 * the pixels an image may decode to (a few kilobytes of PNG can declare gigapixels). Whatever is
 * refused answers a 4xx in the one error shape, and nothing of it is stored.
 */

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid black-and-white PNG of the size: its rows of zeros compress to a few kilobytes. */
function hugePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // one bit per pixel
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('upload limits', () => {
  const s = useTestApp({ MAIL_WORKER_INTERVAL_MS: '0' }, async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const customer = await t.customer();
    const jpeg = await testImage();
    return { staff, customer, jpeg };
  });

  const newRequest = () => newPhotoRequest(s.t, s.staff, s.customer);
  async function upload(id: number, files: UploadFile[], fields: Record<string, string> = {}) {
    const body = await multipartBody(files, fields);
    return s.t.app.inject({
      method: 'POST',
      url: `/api/staff/photo-requests/${id}/attachments`,
      headers: { ...s.staff, ...body.headers },
      payload: body.payload,
    });
  }
  const receiveWithPhotos = (files: UploadFile[], fields: Record<string, string>) => staffReceiveWithPhotos(s.t, s.staff, files, fields);
  const attachmentCount = async (id: number) =>
    (await s.t.app.inject({ method: 'GET', url: `/api/photo-request-attachments/photo-request/${id}`, headers: s.customer.headers })).json()
      .attachments.length as number;
  const lockerSize = async () =>
    (await s.t.app.inject({ method: 'GET', url: '/api/user/received-packages', headers: s.customer.headers })).json().total as number;
  const manyFields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`field${i}`, 'x']));

  describe('multipart limits', () => {
    it('too many text fields: 413 in the one error shape, nothing stored', async () => {
      const pr = await newRequest();
      const before = uploadedFiles(s.t);
      const res = await upload(pr.id, [{ name: 'box.jpg', body: s.jpeg }], manyFields(UPLOAD_LIMITS.fields + 1));
      expectError(res, 413, messages.transport.tooManyFormParts);
      expect(await attachmentCount(pr.id)).toBe(0);
      expect(uploadedFiles(s.t)).toEqual(before);
    });

    it('too many parts: 413, nothing stored, the receipt not recorded', async () => {
      const packagesBefore = await lockerSize();
      const before = uploadedFiles(s.t);
      const files = Array.from({ length: UPLOAD_LIMITS.files }, (_, i) => ({ name: `p${i}.jpg`, body: s.jpeg, field: 'other' }));
      const res = await receiveWithPhotos(files, {
        package: JSON.stringify(receiveBody(s.customer.locker)),
        ...manyFields(UPLOAD_LIMITS.fields - 1),
        extra: 'one part too many',
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ success: false });
      expect(await lockerSize()).toBe(packagesBefore);
      expect(uploadedFiles(s.t)).toEqual(before);
    });

    it('too many files: 400 naming the limit, nothing stored', async () => {
      const pr = await newRequest();
      const before = uploadedFiles(s.t);
      const files = Array.from({ length: UPLOAD_LIMITS.files + 1 }, (_, i) => ({ name: `p${i}.jpg`, body: s.jpeg }));
      expectError(await upload(pr.id, files), 400, `At most ${UPLOAD_LIMITS.files} images can be uploaded at once`, 'files');
      expect(await attachmentCount(pr.id)).toBe(0);
      expect(uploadedFiles(s.t)).toEqual(before);
    });

    it('a text field over its size limit: 413 naming the field, nothing recorded', async () => {
      const packagesBefore = await lockerSize();
      const pkg = receiveBody(s.customer.locker, { notes: 'n'.repeat(2000) });
      const res = await receiveWithPhotos([{ name: 'box.jpg', body: s.jpeg }], {
        package: JSON.stringify({ ...pkg, padding: 'p'.repeat(UPLOAD_LIMITS.fieldSize) }),
      });
      expectError(res, 413, messages.transport.formFieldTooLong, 'package');
      expect(await lockerSize()).toBe(packagesBefore);
    });

    it('header lines of a part beyond the limit are not parsed, never a 500', async () => {
      const pr = await newRequest();
      const boundary = 'hopbox-boundary';
      const headerLines = Array.from({ length: UPLOAD_LIMITS.headerPairs + 5 }, (_, i) => `X-Extra-${i}: ${i}`).join('\r\n');
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="box.jpg"\r\nContent-Type: image/jpeg\r\n${headerLines}\r\n\r\n`,
        ),
        s.jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await s.t.app.inject({
        method: 'POST',
        url: `/api/staff/photo-requests/${pr.id}/attachments`,
        headers: { ...s.staff, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().attachments).toHaveLength(1);
    });
  });

  describe('pixel limit', () => {
    const tooLarge = photoRequestMessages.imageTooLarge(PHOTO_MAX_MEGAPIXELS);

    it.each([
      [20_000, 20_000],
      [15_000, 15_000],
      [PHOTO_MAX_MEGAPIXELS * 1000 + 1, 1000],
    ])('a %ix%i PNG of a few kilobytes is refused before it is decoded: 400, nothing stored', async (width, height) => {
      const bomb = hugePng(width, height);
      expect(bomb.length).toBeLessThan(100_000);
      const pr = await newRequest();
      const before = uploadedFiles(s.t);
      const start = performance.now();
      const res = await upload(pr.id, [
        { name: 'ok.jpg', body: s.jpeg },
        { name: 'bomb.png', body: bomb, type: 'image/png' },
      ]);
      // Decoding such an image takes seconds and gigabytes; refusing it from its header takes milliseconds (2 s leaves room for a busy machine).
      expect(performance.now() - start).toBeLessThan(2000);
      expectError(res, 400, tooLarge, 'files');
      expect(await attachmentCount(pr.id)).toBe(0);
      expect(uploadedFiles(s.t)).toEqual(before);
    });

    it('at receipt too: 400, no package recorded', async () => {
      const packagesBefore = await lockerSize();
      const res = await receiveWithPhotos([{ name: 'bomb.png', body: hugePng(15_000, 15_000), type: 'image/png' }], {
        package: JSON.stringify(receiveBody(s.customer.locker)),
      });
      expectError(res, 400, tooLarge, 'files');
      expect(await lockerSize()).toBe(packagesBefore);
    });

    it('an image at the limit is still taken', async () => {
      const pr = await newRequest();
      const res = await upload(pr.id, [{ name: 'wide.png', body: hugePng(PHOTO_MAX_MEGAPIXELS * 1000, 1000), type: 'image/png' }]);
      expect(res.statusCode, res.body).toBe(201);
    });
  });
});
