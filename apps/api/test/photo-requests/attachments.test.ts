import { messages } from '@hopbox/contracts/messages';
import { photoRequestMessages } from '@hopbox/contracts/photo-request-messages';
import type { Attachment, PhotoRequest } from '@hopbox/contracts/photo-requests';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  expectError,
  newPhotoRequest,
  staffUpdatePhotoRequest,
  staffUploadPhotos,
  type TestApp,
  testImage,
  uploadedFiles,
} from '../helper.ts';

type Headers = Record<string, string>;

describe('photo request attachments: listing, downloads and thumbnails', () => {
  let t: TestApp;
  let staff: Headers;
  let owner: Headers;
  let stranger: Headers;
  let request: PhotoRequest;
  let empty: PhotoRequest;
  let photos: Attachment[];
  let jpeg: Buffer;
  let png: Buffer;
  let large: Buffer;
  const unicodeName = 'Коробка №1 front.jpg';

  const newRequest = (headers: Headers, locker: string) => newPhotoRequest(t, staff, { headers, locker });

  beforeAll(async () => {
    t = await buildTestApp();
    staff = (await t.userWithToken('staff')).headers;
    const o = await t.userWithToken('user');
    owner = o.headers;
    stranger = (await t.userWithToken('user')).headers;
    request = await newRequest(owner, o.user.lockerNumber as string);
    empty = await newRequest(owner, o.user.lockerNumber as string);

    jpeg = await testImage('jpeg', { width: 120, height: 90, color: '#0055aa' });
    png = await testImage('png', { width: 50, height: 50, color: '#aa5500' });
    large = await testImage('jpeg', { width: 1600, height: 1200, color: '#118811' });
    const res = await staffUploadPhotos(t, staff, request.id, [
      { name: 'box.jpg', body: jpeg },
      { name: 'label.png', body: png, type: 'image/png' },
      { name: unicodeName, body: large },
    ]);
    photos = res.json().attachments;
    const done = await staffUpdatePhotoRequest(t, staff, request.id, { status: 'COMPLETED' });
    expect(done.statusCode, done.body).toBe(200);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
  const listUrl = (id: number) => `/api/photo-request-attachments/photo-request/${id}`;
  const photo = (i: number) => photos[i] as Attachment;

  describe('GET /api/photo-request-attachments/photo-request/{id}', () => {
    it('answers result 1 and the attachments to the owner', async () => {
      const res = await get(listUrl(request.id), owner);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ success: true, result: 1, attachments: photos });
      expect(body.attachments.map((a: Attachment) => [a.originalFileName, a.fileSize])).toEqual([
        ['box.jpg', jpeg.length],
        ['label.png', png.length],
        [unicodeName, large.length],
      ]);
      for (const a of body.attachments as Attachment[]) {
        expect(a).toEqual(
          expect.objectContaining({
            id: expect.any(Number),
            fileName: expect.any(String),
            fileUrl: `/api/photo-request-attachments/${a.id}/download`,
          }),
        );
      }
    });

    it('answers an empty list for a request without photos', async () => {
      expect((await get(listUrl(empty.id), owner)).json()).toEqual({ success: true, result: 1, attachments: [] });
    });

    it('lets staff list a customer’s attachments', async () => {
      expect((await get(listUrl(request.id), staff)).json()).toEqual({ success: true, result: 1, attachments: photos });
    });

    it('answers 404 to another customer and for an unknown request', async () => {
      expectError(await get(listUrl(request.id), stranger), 404, photoRequestMessages.photoRequestNotFound);
      expectError(await get(listUrl(999999), owner), 404, photoRequestMessages.photoRequestNotFound);
    });

    it('answers 401 without a token', async () => {
      expectError(await get(listUrl(request.id)), 401, messages.transport.sessionExpired);
    });
  });

  describe('downloading a photo by its fileUrl', () => {
    it('gives the owner the exact bytes uploaded, with the content type and the original name', async () => {
      const res = await get(photo(0).fileUrl, owner);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(jpeg)).toBe(true);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(Number(res.headers['content-length'])).toBe(jpeg.length);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="box.jpg"; filename*=UTF-8''box.jpg`);
      expect(res.headers['cache-control']).toContain('private');

      const second = await get(photo(1).fileUrl, owner);
      expect(second.rawPayload.equals(png)).toBe(true);
      expect(second.headers['content-type']).toBe('image/png');
      expect(second.headers['content-disposition']).toContain('filename="label.png"');
    });

    it('keeps a non-ASCII original name in the UTF-8 filename* and an ASCII fallback', async () => {
      const res = await get(photo(2).fileUrl, owner);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(large)).toBe(true);
      const disposition = String(res.headers['content-disposition']);
      const star = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
      expect(decodeURIComponent(star)).toBe(photo(2).originalFileName);
      const fallback = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
      expect(fallback).toMatch(/^[\x20-\x7e]+\.jpg$/);
    });

    it('answers inline when asked to view', async () => {
      const res = await get(`${photo(0).fileUrl}?inline=1`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('inline');
      expect(res.rawPayload.equals(jpeg)).toBe(true);
    });

    it('lets staff download it too', async () => {
      const res = await get(photo(0).fileUrl, staff);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(jpeg)).toBe(true);
    });

    it('answers 401 without a token and 404 to another customer, never the bytes', async () => {
      const anonymous = await get(photo(0).fileUrl);
      expectError(anonymous, 401, messages.transport.sessionExpired);
      expect(anonymous.rawPayload.includes(jpeg.subarray(0, 64))).toBe(false);
      const foreign = await get(photo(0).fileUrl, stranger);
      expectError(foreign, 404, messages.packages.noImage);
      expect(foreign.rawPayload.includes(jpeg.subarray(0, 64))).toBe(false);
    });

    it('answers 404 for an unknown attachment', async () => {
      expectError(await get('/api/photo-request-attachments/999999/download', owner), 404, messages.packages.noImage);
    });

    it('serves no stored file from a public path', async () => {
      const files = uploadedFiles(t);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        for (const url of [`/uploads/${f}`, `/api/uploads/${f}`, `/${f}`, `/data/uploads/${f}`]) {
          const res = await get(url);
          expect(res.statusCode, url).toBe(404);
          expect(res.rawPayload.includes(jpeg.subarray(0, 64)), url).toBe(false);
        }
      }
    });
  });

  describe('thumbnails', () => {
    it('answers a WebP preview no larger than 320 pixels, keeping the proportions', async () => {
      const res = await get(photo(2).thumbnailUrl as string, owner);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    });

    it('does not enlarge a small photo', async () => {
      const res = await get(photo(1).thumbnailUrl as string, owner);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 50, height: 50 });
    });

    it('answers 401 without a token and 404 to another customer', async () => {
      expectError(await get(photo(0).thumbnailUrl as string), 401, messages.transport.sessionExpired);
      expectError(await get(photo(0).thumbnailUrl as string, stranger), 404, messages.packages.noImage);
    });
  });

  describe('GET /api/photo-request-attachments/photo-request/{id}/download', () => {
    it('downloads the first photo of the request with its original name', async () => {
      const res = await get(`${listUrl(request.id)}/download`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(jpeg)).toBe(true);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['content-disposition']).toContain('filename="box.jpg"');
    });

    it("answers 404 'No image available for download' for a request without photos", async () => {
      expectError(await get(`${listUrl(empty.id)}/download`, owner), 404, messages.packages.noImage);
    });

    it('answers 404 to another customer and 401 without a token', async () => {
      const foreign = await get(`${listUrl(request.id)}/download`, stranger);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.rawPayload.includes(jpeg.subarray(0, 64))).toBe(false);
      expectError(await get(`${listUrl(request.id)}/download`), 401, messages.transport.sessionExpired);
    });
  });

  it('shows the completed request with its photo count and first image to the owner', async () => {
    const res = await get(`/api/user/photo-requests/${request.id}`, owner);
    expect(res.json().photoRequest).toMatchObject({
      status: 'COMPLETED',
      attachmentCount: 3,
      imagePath: photo(0).fileUrl,
      imageName: photo(0).fileName,
    });
  });
});
