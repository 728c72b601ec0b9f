import { messages } from '@hopbox/contracts/messages';
import type { Package } from '@hopbox/contracts/packages';
import { photoRequestMessages } from '@hopbox/contracts/photo-request-messages';
import type { Attachment, PhotoRequest } from '@hopbox/contracts/photo-requests';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, packages, photoRequests } from '../../src/db/schema.ts';
import type { Headers } from '../helper.ts';
import { expectError, receiveBody, staffReceiveWithPhotos, testImage, type UploadFile, uploadedFiles, useTestApp } from '../helper.ts';

/**
 * Issue 5, warehouse console "Receive": find the customer by locker number, then receive the package
 * with the photos taken at receipt (POST /api/staff/packages/with-photos: multipart field `package`,
 * the JSON body of POST /api/staff/packages, and `files`). Decision 030: the photos belong to the
 * package (Package Details' `receiptPhotos`), never a photo request the customer did not make; images
 * are checked first, so one bad file and no package.
 */
describe('warehouse: receiving a package with receipt photos', () => {
  const s = useTestApp({ MAIL_WORKER_INTERVAL_MS: '0' }, async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const customer = await t.customer({ firstName: 'Layla', lastName: 'Haddad' });
    const jpeg = await testImage('jpeg', { width: 320, height: 240, color: '#3366aa' });
    const png = await testImage('png', { width: 80, height: 60, color: '#aa6633' });
    return { staff, customer, jpeg, png };
  });

  const withPhotos = (files: UploadFile[], fields: Record<string, string>, headers: Headers = s.staff) =>
    staffReceiveWithPhotos(s.t, headers, files, fields);
  const packageField = (overrides: Record<string, unknown> = {}) => ({
    package: JSON.stringify(receiveBody(s.customer.locker, overrides)),
  });
  const customerGet = async (url: string) => (await s.t.app.inject({ method: 'GET', url, headers: s.customer.headers })).json();

  /** Everything a receipt could leave behind: packages, photo requests, stored files, queued mail, audit rows. */
  async function snapshot() {
    return {
      packages: (await s.t.db.select({ id: packages.id }).from(packages)).length,
      photoRequests: (await s.t.db.select({ id: photoRequests.id }).from(photoRequests)).length,
      files: uploadedFiles(s.t),
      mail: (await s.t.db.select({ id: outboxMessages.id }).from(outboxMessages)).length,
      audit: (await s.t.db.select({ id: auditLog.id }).from(auditLog)).length,
      customerPackages: ((await customerGet('/api/user/received-packages')).data as Package[]).length,
    };
  }

  describe('GET /api/staff/customers/{lockerNumber}', () => {
    it("answers the locker owner's name, email and country", async () => {
      const res = await s.t.app.inject({ method: 'GET', url: `/api/staff/customers/${s.customer.locker}`, headers: s.staff });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          id: s.customer.id,
          fullName: 'Layla Haddad',
          email: s.customer.email,
          country: 'United Arab Emirates',
          lockerNumber: s.customer.locker,
        },
      });
    });

    it('finds the locker in any case and with spaces around it', async () => {
      const res = await s.t.app.inject({
        method: 'GET',
        url: `/api/staff/customers/${encodeURIComponent(` ${s.customer.locker.toLowerCase()} `)}`,
        headers: s.staff,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: s.customer.id, lockerNumber: s.customer.locker });
    });

    it("answers 404 'No customer has this locker number' for an unknown locker", async () => {
      const res = await s.t.app.inject({ method: 'GET', url: '/api/staff/customers/HB999999', headers: s.staff });
      expectError(res, 404, 'No customer has this locker number');
      expect(messages.packages.lockerNotFound).toBe('No customer has this locker number');
    });

    it('is refused to a customer (403)', async () => {
      const res = await s.t.app.inject({ method: 'GET', url: `/api/staff/customers/${s.customer.locker}`, headers: s.customer.headers });
      expectError(res, 403, messages.transport.forbidden);
    });
  });

  describe('POST /api/staff/packages/with-photos', () => {
    let pkg: Package;

    it('answers 201 with the package, stored with every field of the JSON part', async () => {
      const fields = { shipper: 'Zara Spain', packageContent: 'Winter coat', origin: 'Spain', quantity: 3, packageWeight: 2.5 };
      const res = await withPhotos(
        [
          { name: 'front.jpg', body: s.jpeg },
          { name: 'label.png', body: s.png, type: 'image/png' },
        ],
        packageField(fields),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().success).toBe(true);
      pkg = res.json().data;
      expect(pkg.hopboxId).toMatch(/^HBX\d+$/);
      expect(pkg).toMatchObject({ ...fields, lockerNumber: s.customer.locker });
      // The package exists for the customer at once.
      const mine = (await customerGet('/api/user/received-packages')).data as Package[];
      expect(mine.map((p) => p.id)).toContain(pkg.id);
      expect(mine.find((p) => p.id === pkg.id)).toMatchObject({ hopboxId: pkg.hopboxId, shipper: 'Zara Spain' });
    });

    it("the photos are the package's own: listed in Package Details, and no photo request appears", async () => {
      const details = (await customerGet(`/api/user/received-packages/${pkg.id}`)).data as Package & { receiptPhotos: Attachment[] };
      expect(details.receiptPhotos.map((a) => a.originalFileName)).toEqual(['front.jpg', 'label.png']);
      // Not a request the customer never made: not in the list, the stats, nor the package's check.
      const list = (await customerGet('/api/user/photo-requests')).data as PhotoRequest[];
      expect(list.filter((r) => r.packageId === pkg.id)).toEqual([]);
      expect((await customerGet('/api/user/photo-requests/stats')).data).toMatchObject({ total: 0, completed: 0 });
      expect(details.photoRequested).toBe(false);
      expect(await s.t.db.select().from(photoRequests).where(eq(photoRequests.packageId, pkg.id))).toEqual([]);
    });

    it('serves both photos to the customer, byte for byte as uploaded; another customer gets 404', async () => {
      const details = (await customerGet(`/api/user/received-packages/${pkg.id}`)).data as { receiptPhotos: Attachment[] };
      const attachments = details.receiptPhotos;
      expect(attachments.map((a) => [a.originalFileName, a.mimeType, a.fileSize])).toEqual([
        ['front.jpg', 'image/jpeg', s.jpeg.length],
        ['label.png', 'image/png', s.png.length],
      ]);
      for (const [i, a] of attachments.entries()) {
        const download = await s.t.app.inject({ method: 'GET', url: a.fileUrl, headers: s.customer.headers });
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-type']).toBe(a.mimeType);
        expect(download.rawPayload.equals([s.jpeg, s.png][i] as Buffer)).toBe(true);
        expect(a.thumbnailUrl).not.toBeNull();
        const thumb = await s.t.app.inject({ method: 'GET', url: a.thumbnailUrl as string, headers: s.customer.headers });
        expect(thumb.statusCode).toBe(200);
        expect(thumb.headers['content-type']).toBe('image/webp');
      }
      // Another customer can see neither the package nor its photos.
      const other = await s.t.userWithToken('user');
      const otherDetails = await s.t.app.inject({ method: 'GET', url: `/api/user/received-packages/${pkg.id}`, headers: other.headers });
      expect(otherDetails.statusCode).toBe(404);
      for (const url of [attachments[0]?.fileUrl, attachments[0]?.thumbnailUrl] as string[]) {
        const denied = await s.t.app.inject({ method: 'GET', url, headers: other.headers });
        expect(denied.statusCode).toBe(404);
      }
      // Staff can still open them.
      const staffView = await s.t.app.inject({ method: 'GET', url: attachments[0]?.fileUrl as string, headers: s.staff });
      expect(staffView.statusCode).toBe(200);
    });

    it('accepts the package part after the files', async () => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(s.jpeg)], { type: 'image/jpeg' }), 'late.jpg');
      form.append('package', JSON.stringify(receiveBody(s.customer.locker, { shipper: 'Late Part Ltd' })));
      const request = new Request('http://hopbox.test', { method: 'POST', body: form });
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/staff/packages/with-photos',
        headers: { ...s.staff, 'content-type': request.headers.get('content-type') ?? '' },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.shipper).toBe('Late Part Ltd');
    });
  });

  describe('a refused receipt creates nothing', () => {
    it('answers 415 for a file that is not an image, even beside a good one, and creates no package', async () => {
      const before = await snapshot();
      const res = await withPhotos(
        [
          { name: 'good.jpg', body: s.jpeg },
          { name: 'fake.jpg', body: Buffer.from('this is not a picture at all'), type: 'image/jpeg' },
        ],
        packageField({ externalTrackingNumber: 'REFUSED-415' }),
      );
      expectError(res, 415, photoRequestMessages.notAnImage, 'files');
      expect(await snapshot()).toEqual(before);
      const byTracking = await s.t.db.select().from(packages).where(eq(packages.externalTrackingNumber, 'REFUSED-415'));
      expect(byTracking).toEqual([]);
    });

    it('answers 415 for a truncated image', async () => {
      const before = await snapshot();
      const res = await withPhotos([{ name: 'cut.jpg', body: s.jpeg.subarray(0, Math.floor(s.jpeg.length / 2)) }], packageField());
      expectError(res, 415, photoRequestMessages.notAnImage, 'files');
      expect(await snapshot()).toEqual(before);
    });

    it("answers 400 naming 'package' when its JSON does not parse", async () => {
      const before = await snapshot();
      const res = await withPhotos([{ name: 'a.jpg', body: s.jpeg }], { package: '{"lockerNumber": "HB1' });
      expectError(res, 400, 'The package field must be JSON', 'package');
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['an empty shipper', { shipper: '' }, 'shipper', 'Shipper is required'],
      ['an origin that is not a country', { origin: 'Atlantis' }, 'origin', 'Origin must be a country from the list'],
      ['a quantity of 0', { quantity: 0 }, 'quantity', 'Quantity must be at least 1'],
      ['no package weight', { packageWeight: 0 }, 'packageWeight', 'Package weight must be greater than 0'],
      ['an unknown condition', { shipmentStatus: 'Soggy' }, 'shipmentStatus', undefined],
    ])('answers 400 naming the field for %s, as POST /api/staff/packages does', async (_label, overrides, field, message) => {
      const before = await snapshot();
      const res = await withPhotos([{ name: 'a.jpg', body: s.jpeg }], packageField(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'Bad Request', field });
      if (message) expect(res.json().message).toBe(message);
      // The same body as JSON is refused the same way.
      const json = await s.t.app.inject({
        method: 'POST',
        url: '/api/staff/packages',
        headers: s.staff,
        payload: receiveBody(s.customer.locker, overrides),
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ field, message: res.json().message });
      expect(await snapshot()).toEqual(before);
    });

    it('answers 400 naming the first missing field when the package part is missing', async () => {
      const before = await snapshot();
      const res = await withPhotos([{ name: 'a.jpg', body: s.jpeg }], {});
      expectError(res, 400, 'Shipper is required', 'shipper');
      expect(await snapshot()).toEqual(before);
    });

    it("answers 404 'No customer has this locker number' for an unknown locker, and stores no photo", async () => {
      const before = await snapshot();
      const res = await withPhotos([{ name: 'a.jpg', body: s.jpeg }], { package: JSON.stringify(receiveBody('HB999999')) });
      expectError(res, 404, messages.packages.lockerNotFound);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 413 for a photo over 10 MB', async () => {
      const before = await snapshot();
      const huge = Buffer.concat([s.jpeg, Buffer.alloc(10 * 1024 * 1024)]);
      const res = await withPhotos([{ name: 'huge.jpg', body: huge }], packageField());
      expectError(res, 413, messages.transport.fileTooLarge);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 400 naming the real limit for more than 10 photos, not "file too large"', async () => {
      const before = await snapshot();
      const files = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, body: s.jpeg }));
      const res = await withPhotos(files, packageField());
      expectError(res, 400, 'At most 10 images can be uploaded at once', 'files');
      expect(await snapshot()).toEqual(before);
    });

    it('answers 415 to a JSON body (not multipart)', async () => {
      const before = await snapshot();
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/staff/packages/with-photos',
        headers: s.staff,
        payload: receiveBody(s.customer.locker),
      });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ success: false, error: 'Unsupported Media Type' });
      expect(await snapshot()).toEqual(before);
    });

    it('is refused to a customer (403), who cannot receive into a locker', async () => {
      const before = await snapshot();
      const res = await withPhotos([{ name: 'a.jpg', body: s.jpeg }], packageField(), s.customer.headers);
      expectError(res, 403, messages.transport.forbidden);
      expect(await snapshot()).toEqual(before);
    });
  });
});
