import { readFileSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@hopbox/contracts/messages';
import { photoRequestMessages } from '@hopbox/contracts/photo-request-messages';
import type { Attachment, PhotoRequest } from '@hopbox/contracts/photo-requests';
import { describe, expect, it } from 'vitest';
import type { Headers } from '../helper.ts';
import {
  expectError,
  multipartBody,
  newPhotoRequest,
  staffMovePhotoRequest,
  testImage,
  type UploadFile,
  uploadedFiles,
  useTestApp,
} from '../helper.ts';

const TEN_MB = 10 * 1024 * 1024;

describe('warehouse: uploading photos', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const admin = (await t.userWithToken('admin')).headers;
    const customer = await t.customer();
    const jpeg = await testImage('jpeg', { color: '#336699' });
    const png = await testImage('png', { color: '#993366' });
    const webp = await testImage('webp', { color: '#669933' });
    return { staff, admin, customer, jpeg, png, webp };
  });

  const newRequest = () => newPhotoRequest(s.t, s.staff, s.customer);
  async function upload(id: number, files: UploadFile[], headers: Headers = s.staff, fields: Record<string, string> = {}) {
    const body = await multipartBody(files, fields);
    return s.t.app.inject({
      method: 'POST',
      url: `/api/staff/photo-requests/${id}/attachments`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }
  const listAttachments = async (id: number) =>
    (await s.t.app.inject({ method: 'GET', url: `/api/photo-request-attachments/photo-request/${id}`, headers: s.customer.headers })).json()
      .attachments as Attachment[];
  const move = (id: number, status: string) => staffMovePhotoRequest(s.t, s.staff, id, { status });
  const storedBytes = (key: string) => readFileSync(path.join(s.t.config.dataDir, 'uploads', key));

  /** Asserts a refused upload left neither a row nor a file behind. */
  async function expectNothingStored(id: number, filesBefore: string[], attachmentsBefore: Attachment[] = []) {
    expect(await listAttachments(id)).toEqual(attachmentsBefore);
    expect(uploadedFiles(s.t)).toEqual(filesBefore);
  }

  it('stores several files in one upload and answers 201 with result 1 and each attachment', async () => {
    const pr = await newRequest();
    const before = uploadedFiles(s.t);
    const big = await testImage('jpeg', { width: 1200, height: 900, color: '#202020' });
    const res = await upload(pr.id, [
      { name: 'box-front.jpg', body: s.jpeg },
      { name: 'box-side.jpg', body: big },
      { name: 'label.png', body: s.png, type: 'image/png' },
      { name: 'seal.webp', body: s.webp, type: 'image/webp' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { success: boolean; result: number; attachments: Attachment[] };
    expect(body.success).toBe(true);
    expect(body.result).toBe(1);
    expect(body.attachments).toHaveLength(4);
    const expected = [
      { originalFileName: 'box-front.jpg', fileSize: s.jpeg.length, mimeType: 'image/jpeg', ext: 'jpg' },
      { originalFileName: 'box-side.jpg', fileSize: big.length, mimeType: 'image/jpeg', ext: 'jpg' },
      { originalFileName: 'label.png', fileSize: s.png.length, mimeType: 'image/png', ext: 'png' },
      { originalFileName: 'seal.webp', fileSize: s.webp.length, mimeType: 'image/webp', ext: 'webp' },
    ];
    body.attachments.forEach((a, i) => {
      const e = expected[i];
      expect(a).toMatchObject({ originalFileName: e?.originalFileName, fileSize: e?.fileSize, mimeType: e?.mimeType });
      expect(a.id).toBeTypeOf('number');
      expect(a.fileName).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${e?.ext}$`));
      expect(a.fileUrl).toBe(`/api/photo-request-attachments/${a.id}/download`);
      expect(a.thumbnailUrl).toBe(`/api/photo-request-attachments/${a.id}/thumbnail`);
      expect(Date.parse(a.createdAt)).not.toBeNaN();
    });
    expect(new Set(body.attachments.map((a) => a.fileName)).size).toBe(4);

    // Each original and a thumbnail went to storage, byte for byte.
    const added = uploadedFiles(s.t).filter((f) => !before.includes(f));
    expect(added).toHaveLength(8);
    for (const [i, a] of body.attachments.entries()) {
      const key = `photos/${pr.id}/${a.fileName}`;
      expect(added).toContain(key);
      expect(storedBytes(key).equals([s.jpeg, big, s.png, s.webp][i] as Buffer)).toBe(true);
    }
    expect(added.filter((f) => /thumb-.*\.webp$/.test(f))).toHaveLength(4);

    // The customer's request now points at its first photo.
    const seen = (await s.t.app.inject({ method: 'GET', url: `/api/user/photo-requests/${pr.id}`, headers: s.customer.headers })).json()
      .photoRequest as PhotoRequest;
    expect(seen).toMatchObject({ attachmentCount: 4, imagePath: body.attachments[0]?.fileUrl, imageName: body.attachments[0]?.fileName });
    expect(await listAttachments(pr.id)).toEqual(body.attachments);
  });

  it('accepts PNG and WebP on their own', async () => {
    const pr = await newRequest();
    const p = await upload(pr.id, [{ name: 'only.png', body: s.png, type: 'image/png' }]);
    expect(p.statusCode, p.body).toBe(201);
    expect(p.json().attachments[0]).toMatchObject({ mimeType: 'image/png', fileSize: s.png.length });
    const w = await upload(pr.id, [{ name: 'only.webp', body: s.webp, type: 'image/webp' }]);
    expect(w.statusCode, w.body).toBe(201);
    expect(w.json().attachments[0]).toMatchObject({ mimeType: 'image/webp', fileSize: s.webp.length });
    expect(await listAttachments(pr.id)).toHaveLength(2);
  });

  it('recognises the image by its content, not its name or claimed type', async () => {
    const pr = await newRequest();
    const res = await upload(pr.id, [{ name: 'really-a-png.jpg', body: s.png, type: 'image/jpeg' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [a] = res.json().attachments as Attachment[];
    expect(a).toMatchObject({ originalFileName: 'really-a-png.jpg', mimeType: 'image/png' });
    expect(a?.fileName).toMatch(/\.png$/);
  });

  it('keeps only the base name of the original file name and stores the file under its own name', async () => {
    const pr = await newRequest();
    const res = await upload(pr.id, [{ name: '../../../outside.jpg', body: s.jpeg }]);
    expect(res.statusCode, res.body).toBe(201);
    const [a] = res.json().attachments as Attachment[];
    expect(a?.originalFileName).toBe('outside.jpg');
    expect(uploadedFiles(s.t)).toContain(`photos/${pr.id}/${a?.fileName}`);
    expect(uploadedFiles(s.t).every((f) => f.startsWith('photos/'))).toBe(true);
  });

  it('refuses a text file named .jpg with 415 and stores nothing', async () => {
    const pr = await newRequest();
    const before = uploadedFiles(s.t);
    const res = await upload(pr.id, [{ name: 'notes.jpg', body: Buffer.from('this is not an image\n'.repeat(20)), type: 'image/jpeg' }]);
    expectError(res, 415, photoRequestMessages.notAnImage, 'files');
    await expectNothingStored(pr.id, before);
  });

  it('refuses a damaged image (a real JPEG cut in half) with 415 and stores nothing', async () => {
    const pr = await newRequest();
    const before = uploadedFiles(s.t);
    const whole = await testImage('jpeg', { width: 800, height: 600 });
    const res = await upload(pr.id, [{ name: 'cut.jpg', body: whole.subarray(0, Math.floor(whole.length / 2)) }]);
    expectError(res, 415, photoRequestMessages.notAnImage, 'files');
    await expectNothingStored(pr.id, before);
  });

  it('stores nothing of a batch in which one file is not an image', async () => {
    const pr = await newRequest();
    const before = uploadedFiles(s.t);
    const res = await upload(pr.id, [
      { name: 'good-1.jpg', body: s.jpeg },
      { name: 'good-2.png', body: s.png, type: 'image/png' },
      { name: 'bad.jpg', body: Buffer.from('%PDF-1.4 not an image'), type: 'image/jpeg' },
    ]);
    expectError(res, 415, photoRequestMessages.notAnImage, 'files');
    await expectNothingStored(pr.id, before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const pr = await newRequest();
    const exact = Buffer.concat([s.jpeg, Buffer.alloc(TEN_MB - s.jpeg.length)]);
    const res = await upload(pr.id, [{ name: 'exactly-10mb.jpg', body: exact }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attachments[0]).toMatchObject({ fileSize: TEN_MB, originalFileName: 'exactly-10mb.jpg' });
  });

  it('refuses a file over 10 MB with 413 and SPEC.md’s message, storing nothing', async () => {
    const pr = await newRequest();
    const before = uploadedFiles(s.t);
    const tooBig = Buffer.concat([s.jpeg, Buffer.alloc(TEN_MB + 1 - s.jpeg.length)]);
    expectError(await upload(pr.id, [{ name: 'huge.jpg', body: tooBig }]), 413, messages.transport.fileTooLarge);
    await expectNothingStored(pr.id, before);
    const batch = await upload(pr.id, [
      { name: 'small.jpg', body: s.jpeg },
      { name: 'huge.jpg', body: tooBig },
    ]);
    expectError(batch, 413, messages.transport.fileTooLarge);
    await expectNothingStored(pr.id, before);
  });

  it('accepts 10 files in one upload', async () => {
    const pr = await newRequest();
    const res = await upload(
      pr.id,
      Array.from({ length: 10 }, (_, i) => ({ name: `shot-${i}.jpg`, body: s.jpeg })),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attachments).toHaveLength(10);
  });

  it('refuses 11 files in one upload with 400 naming the limit, storing nothing', async () => {
    const pr = await newRequest();
    const before = uploadedFiles(s.t);
    const res = await upload(
      pr.id,
      Array.from({ length: 11 }, (_, i) => ({ name: `shot-${i}.jpg`, body: s.jpeg })),
    );
    expectError(res, 400, 'At most 10 images can be uploaded at once', 'files');
    await expectNothingStored(pr.id, before);
  });

  it('answers 400 when no file is sent in the files field', async () => {
    const pr = await newRequest();
    expectError(await upload(pr.id, [], s.staff, { note: 'no file' }), 400, photoRequestMessages.noFiles, 'files');
    expectError(await upload(pr.id, [{ name: 'x.jpg', body: s.jpeg, field: 'photo' }]), 400, photoRequestMessages.noFiles, 'files');
    expect(await listAttachments(pr.id)).toEqual([]);
  });

  it('answers 415 to a body that is not multipart', async () => {
    const pr = await newRequest();
    const res = await s.t.app.inject({
      method: 'POST',
      url: `/api/staff/photo-requests/${pr.id}/attachments`,
      headers: s.staff,
      payload: { files: ['box.jpg'] },
    });
    expectError(res, 415, photoRequestMessages.noFiles, 'files');
  });

  it('uploads to an IN_PROGRESS request', async () => {
    const pr = await newRequest();
    expect((await move(pr.id, 'IN_PROGRESS')).statusCode).toBe(200);
    expect((await upload(pr.id, [{ name: 'wip.jpg', body: s.jpeg }])).statusCode).toBe(201);
  });

  for (const closed of ['COMPLETED', 'REJECTED', 'CANCELLED']) {
    it(`answers 409 to an upload to a ${closed} request and stores nothing`, async () => {
      const pr = await newRequest();
      const res =
        closed === 'CANCELLED'
          ? await s.t.app.inject({ method: 'POST', url: `/api/user/photo-requests/${pr.id}/cancel`, headers: s.customer.headers })
          : await move(pr.id, closed);
      expect(res.statusCode, res.body).toBe(200);
      const before = uploadedFiles(s.t);
      const attachmentsBefore = await listAttachments(pr.id);
      expectError(await upload(pr.id, [{ name: 'late.jpg', body: s.jpeg }]), 409, photoRequestMessages.photoRequestFinal);
      await expectNothingStored(pr.id, before, attachmentsBefore);
    });
  }

  it('answers 404 for an unknown request', async () => {
    expectError(await upload(999999, [{ name: 'x.jpg', body: s.jpeg }]), 404, photoRequestMessages.photoRequestNotFound);
  });

  it('lets an admin upload', async () => {
    const pr = await newRequest();
    expect((await upload(pr.id, [{ name: 'admin.jpg', body: s.jpeg }], s.admin)).statusCode).toBe(201);
  });

  it('answers 403 to a customer token, even the owner’s, and 401 without a token, storing nothing', async () => {
    const pr = await newRequest();
    const before = uploadedFiles(s.t);
    expectError(await upload(pr.id, [{ name: 'mine.jpg', body: s.jpeg }], s.customer.headers), 403, messages.transport.forbidden);
    expectError(await upload(pr.id, [{ name: 'anon.jpg', body: s.jpeg }], {}), 401, messages.transport.sessionExpired);
    await expectNothingStored(pr.id, before);
  });
});
