import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { packageStatusOf } from '@hopbox/contracts/lifecycles';
import { messages } from '@hopbox/contracts/messages';
import {
  DEFAULT_PACKAGE_REQUEST_FEES,
  type HostPackageRequestFees,
  packageRequestMessages as m,
  type PackageRequest,
  type StaffPackageRequest,
} from '@hopbox/contracts/package-requests';
import type { Package } from '@hopbox/contracts/packages';
import { type Attachment, PHOTO_MAX_FILES } from '@hopbox/contracts/photo-requests';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, hosts, outboxMessages, packageRequestPhotos, packages, payments } from '../../src/db/schema.ts';
import {
  expectError,
  type Headers,
  multipartBody,
  openSinglePayment,
  putInShipment,
  receivePackage,
  sandboxAnswer,
  shipmentBody,
  staffAndCustomerAtHome,
  testImage,
  type UploadFile,
  uploadedFiles,
  useTestApp,
} from '../helper.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const NEW_SIZE = { packageWeight: 1.1, packageLength: 25, packageBreadth: 20, packageHeight: 10 };

/**
 * Issue "When it goes wrong", package requests (decision 061): the customer asks for work on a package in the
 * locker at the fee of its warehouse; staff move the request through its lifecycle, and DONE applies its effect.
 */
describe('package requests', () => {
  const s = useTestApp(async (t) => {
    const cast = await staffAndCustomerAtHome(t);
    const admin = (await t.userWithToken('admin')).headers;
    const other = await t.customer();
    return { ...cast, admin, other };
  });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
    s.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const ask = (pkg: { id: number }, payload: Record<string, unknown>, headers: Headers = s.customer.headers) =>
    inject('POST', `/api/user/received-packages/${pkg.id}/requests`, headers, payload);
  async function asked(pkg: { id: number }, payload: Record<string, unknown>) {
    const res = await ask(pkg, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as PackageRequest;
  }
  async function askWithLabel(pkg: { id: number }, files: { name: string; body: Buffer; type: string }[], json: Record<string, unknown>) {
    const form = await multipartBody(files, { request: JSON.stringify(json) });
    return s.t.app.inject({
      method: 'POST',
      url: `/api/user/received-packages/${pkg.id}/requests`,
      headers: { ...s.customer.headers, ...form.headers },
      payload: form.payload,
    });
  }
  /** What a finish photographs unless a test says otherwise: one photo per parcel of a split, one of anything else. */
  async function finishPhotos(payload: Record<string, unknown>): Promise<UploadFile[]> {
    if (payload.status !== 'DONE') return [];
    const parcels = (payload.result as { parcels?: unknown[] } | undefined)?.parcels;
    const image = await testImage();
    return Array.from({ length: parcels?.length ?? 1 }, (_, i) => ({ name: `after-${i + 1}.jpg`, body: image }));
  }
  /** A staff move: JSON, or a multipart form (the JSON in "move") when photos come with it. */
  async function move(id: number, payload: Record<string, unknown>, headers: Headers = s.staff, files?: UploadFile[]) {
    const photos = files ?? (await finishPhotos(payload));
    if (photos.length === 0) return inject('PUT', `/api/staff/package-requests/${id}`, headers, payload);
    const form = await multipartBody(photos, { move: JSON.stringify(payload) });
    return s.t.app.inject({
      method: 'PUT',
      url: `/api/staff/package-requests/${id}`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  }
  async function moved(id: number, payload: Record<string, unknown>, files?: UploadFile[]) {
    const res = await move(id, payload, s.staff, files);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PackageRequest;
  }
  /** A return's or discard's fee is paid before staff act (decision 068): credited to the balance, paid from it. */
  async function feePaid(request: PackageRequest, customer: { locker: string; headers: Headers } = s.customer) {
    const credited = await inject('POST', `/api/staff/customers/${customer.locker}/wallet-adjustments`, s.staff, {
      amount: request.fee,
      reason: 'Fee of the request',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    const paid = await inject('POST', `/api/user/package-requests/${request.id}/payment`, customer.headers, {
      amount: 0,
      useBalance: true,
    });
    expect(paid.json(), paid.body).toMatchObject({ paid: true });
  }
  const receive = (overrides: Record<string, unknown> = {}) => receivePackage(s.t, s.staff, s.customer.locker, overrides);
  const lockerIds = async (headers: Headers = s.customer.headers) =>
    ((await inject('GET', '/api/user/received-packages?pageSize=100', headers)).json().data as Package[]).map((p) => p.id);
  const waitingCount = async (headers: Headers = s.customer.headers) =>
    (await inject('GET', '/api/user/dashboard', headers)).json().data.receivedPackages as number;
  const priceOf = async (refs: string[]) =>
    inject('POST', '/api/user/shipments/calculate-shipping-price', s.customer.headers, {
      packages: refs,
      destination: s.home.country,
    });
  const rowOf = async (id: number) => (await s.t.db.select().from(packages).where(eq(packages.id, id)))[0];
  const auditActions = async (entityType: string, entityId: number) =>
    (
      await s.t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    ).map((r) => r.action);
  /** The text of the mails queued for the customer (the outbox's rows: the worker may not have sent them yet). */
  const mailTexts = async (userId: number) =>
    (
      await s.t.db
        .select({ text: outboxMessages.textBody, subject: outboxMessages.subject })
        .from(outboxMessages)
        .where(eq(outboxMessages.userId, userId))
    ).map((r) => `${r.subject}\n${r.text}`);
  const mailKinds = async (userId: number) =>
    (await s.t.db.select({ kind: outboxMessages.kind }).from(outboxMessages).where(eq(outboxMessages.userId, userId))).map((r) => r.kind);

  describe('asking', () => {
    it('answers 201 with the request REQUESTED at the default fee, lists it on the package, and queues it for staff oldest first', async () => {
      const pkg = await receive();
      const res = await ask(pkg, { type: 'REPACK', notes: '  A smaller box please  ' });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json().data as PackageRequest;
      expect(created).toMatchObject({
        packageId: pkg.id,
        hopboxId: pkg.hopboxId,
        type: 'REPACK',
        status: 'REQUESTED',
        fee: DEFAULT_PACKAGE_REQUEST_FEES.REPACK,
        currency: 'AED',
        notes: 'A smaller box please',
        label: null,
        result: null,
      });
      const list = await inject('GET', `/api/user/received-packages/${pkg.id}/requests`, s.customer.headers);
      expect(list.json()).toMatchObject({ success: true, total: 1, page: 1, data: [{ id: created.id }] });
      const queue = await inject('GET', '/api/staff/package-requests?status=REQUESTED&pageSize=100', s.staff);
      expect(queue.statusCode, queue.body).toBe(200);
      const rows = queue.json().data as StaffPackageRequest[];
      expect(rows.find((r) => r.id === created.id)).toMatchObject({
        hopboxId: pkg.hopboxId,
        lockerNumber: s.customer.locker,
        location: 'A-01-01',
        customerName: `${s.customer.firstName} ${s.customer.lastName}`,
      });
      const times = rows.map((r) => Date.parse(r.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(await auditActions('package_request', created.id)).toEqual(['package_request.requested']);
      // OPEN lists the work still to do: a request taken stays in it, one finished leaves it.
      const open = async () =>
        ((await inject('GET', '/api/staff/package-requests?status=OPEN&pageSize=100', s.staff)).json().data as StaffPackageRequest[]).map(
          (r) => r.id,
        );
      expect(await open()).toContain(created.id);
      await moved(created.id, { status: 'IN_PROGRESS' });
      expect(await open()).toContain(created.id);
      await moved(created.id, { status: 'REJECTED', notes: 'Already the smallest box' });
      expect(await open()).not.toContain(created.id);
      // The queue is the warehouse's.
      expect((await inject('GET', '/api/staff/package-requests', s.customer.headers)).statusCode).toBe(403);
    });

    it('keeps one open request per package, also when two are asked at once', async () => {
      const pkg = await receive();
      const answers = await Promise.all([ask(pkg, { type: 'REPACK' }), ask(pkg, { type: 'DISCARD' })]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((r) => r.statusCode === 409);
      expect(refused?.json()).toMatchObject({ code: 'REQUEST_OPEN', message: m.requestOpen });
      const open = answers.find((r) => r.statusCode === 201)?.json().data as PackageRequest;
      await moved(open.id, { status: 'REJECTED', notes: 'Not possible with this box' });
      // Refused, it is closed: the customer may ask again.
      await asked(pkg, { type: 'REMOVE_PACKAGING' });
    });

    it('keeps a package the warehouse is working on out of shipments, payments and prices until the request is finished', async () => {
      const pkg = await receive();
      const request = await asked(pkg, { type: 'DISCARD' });
      const other = await receive();
      const shipment = await inject('POST', '/api/user/shipments', s.customer.headers, shipmentBody([pkg, other], s.home));
      expectError(shipment, 409, m.requestOpenOn([pkg.hopboxId]), 'packages');
      expect(shipment.json().code).toBe('REQUEST_OPEN');
      expectError(await priceOf([pkg.hopboxId]), 409, m.requestOpenOn([pkg.hopboxId]));
      expect(await lockerIds()).toEqual(expect.arrayContaining([pkg.id, other.id]));
      // Refused, the request lets go of it: it prices and ships as before.
      await moved(request.id, { status: 'REJECTED', notes: 'We keep everything we receive' });
      expect((await priceOf([pkg.hopboxId])).statusCode).toBe(200);
    });

    it("answers 404 for another customer's package, 409 for one in a shipment or held by a payment, 400 for a bad type", async () => {
      const mine = await receive();
      expectError(await ask(mine, { type: 'REPACK' }, s.other.headers), 404, m.packageNotFound);
      expectError(await ask({ id: 999_999 }, { type: 'REPACK' }), 404, m.packageNotFound);
      expectError(await ask(mine, { type: 'PAINT' }), 400, m.typeRequired, 'type');
      expectError(await ask(mine, { type: 'REPACK', notes: 'x'.repeat(1001) }), 400, m.notesTooLong, 'notes');

      const shipped = await receive();
      await putInShipment(s.t, shipped, s.customer.id);
      const inShipment = await ask(shipped, { type: 'REPACK' });
      expectError(inShipment, 409, messages.packages.packageInShipment);
      expect(inShipment.json().code).toBe('PACKAGE_IN_SHIPMENT');

      const held = await receive();
      await openSinglePayment(s.t, s.customer.headers, held, s.home);
      const paying = await ask(held, { type: 'DISCARD' });
      expectError(paying, 409, lifecycleMessages.payments.heldByPayment);
      expect(paying.json().code).toBe('PAYMENT_PENDING');
    });
  });

  describe('fees', () => {
    it("charges the host's fee from the admins' table when it has one, the default otherwise, fixed when asked", async () => {
      const [host] = await s.t.db
        .insert(hosts)
        .values({ name: 'Berlin', address: 'Dock 2', city: 'Berlin', country: 'Germany', code: 'PRQ-DE' })
        .returning({ id: hosts.id });
      const hostId = host?.id as number;
      const pkg = await receive({ origin: 'Germany' });

      const put = (fee: unknown, headers = s.admin, type = 'REPACK') =>
        inject('PUT', `/api/admin/package-request-fees/${hostId}/${type}`, headers, { fee });
      expect((await put(12.5, s.staff)).statusCode).toBe(403);
      expectError(await put(-1), 400, 'Fee cannot be negative', 'fee');
      expectError(await put(1.234), 400, 'Fee can have at most 2 decimals', 'fee');
      expect((await inject('PUT', '/api/admin/package-request-fees/999999/REPACK', s.admin, { fee: 5 })).statusCode).toBe(404);
      expect((await inject('PUT', `/api/admin/package-request-fees/${hostId}/PAINT`, s.admin, { fee: 5 })).statusCode).toBe(400);
      const set = await put('12.50');
      expect(set.statusCode, set.body).toBe(200);
      expect((set.json().data as HostPackageRequestFees).fees.find((f) => f.type === 'REPACK')).toMatchObject({
        fee: 12.5,
        isDefault: false,
      });

      const all = (await inject('GET', '/api/admin/package-request-fees', s.admin)).json().data as HostPackageRequestFees[];
      expect(all.find((h) => h.hostId === hostId)?.fees.map((f) => [f.type, f.fee, f.isDefault])).toEqual([
        ['REPACK', 12.5, false],
        ['REMOVE_PACKAGING', DEFAULT_PACKAGE_REQUEST_FEES.REMOVE_PACKAGING, true],
        ['SPLIT', DEFAULT_PACKAGE_REQUEST_FEES.SPLIT, true],
        ['RETURN_TO_SENDER', DEFAULT_PACKAGE_REQUEST_FEES.RETURN_TO_SENDER, true],
        ['DISCARD', DEFAULT_PACKAGE_REQUEST_FEES.DISCARD, true],
      ]);
      expect(await auditActions('host', hostId)).toContain('host.package_request_fee');

      // The customer sees the fee of the package's warehouse before asking, and is charged it.
      const shown = await inject('GET', `/api/user/package-request-fees?packageId=${pkg.id}`, s.customer.headers);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json().data).toMatchObject([
        {
          hostId,
          hostName: 'Berlin',
          fees: expect.arrayContaining([expect.objectContaining({ type: 'REPACK', fee: 12.5, currency: 'AED' })]),
        },
      ]);
      expect((await inject('GET', `/api/user/package-request-fees?packageId=${pkg.id}`, s.other.headers)).statusCode).toBe(404);
      const request = await asked(pkg, { type: 'REPACK' });
      expect(request.fee).toBe(12.5);
      // A later change of the table does not change a fee already asked.
      expect((await put(30)).statusCode).toBe(200);
      const listed = await inject('GET', `/api/user/received-packages/${pkg.id}/requests`, s.customer.headers);
      expect(listed.json().data[0].fee).toBe(12.5);

      // A package from a country no warehouse serves pays the defaults.
      const plain = await receive();
      const defaults = (await inject('GET', `/api/user/package-request-fees?packageId=${plain.id}`, s.customer.headers)).json().data;
      expect(defaults).toHaveLength(1);
      expect(defaults[0]).toMatchObject({ hostId: null, hostName: null });
      expect(defaults[0].fees[0]).toMatchObject({ type: 'REPACK', fee: DEFAULT_PACKAGE_REQUEST_FEES.REPACK, isDefault: true });
    });
  });

  describe('staff moves and effects', () => {
    it('repacks: DONE needs the new size (400 naming the field), then the package has it and is priced from it', async () => {
      const pkg = await receive({ packageWeight: 3.2, packageLength: 60, packageBreadth: 40, packageHeight: 40 });
      const before = await priceOf([pkg.hopboxId]);
      expect(before.statusCode, before.body).toBe(200);
      const request = await asked(pkg, { type: 'REPACK' });
      expect((await moved(request.id, { status: 'IN_PROGRESS' })).status).toBe('IN_PROGRESS');
      expectError(await move(request.id, { status: 'DONE' }), 400, m.resultRequired('REPACK'), 'result');
      expectError(
        await move(request.id, { status: 'DONE', result: { ...NEW_SIZE, packageWeight: 0 } }),
        400,
        'Package weight must be greater than 0',
        'result.packageWeight',
      );
      const done = await moved(request.id, { status: 'DONE', result: NEW_SIZE, notes: 'Repacked in a 25 cm box' });
      expect(done).toMatchObject({ status: 'DONE', result: NEW_SIZE, staffNotes: 'Repacked in a 25 cm box' });

      const now = (await inject('GET', `/api/user/received-packages/${pkg.id}`, s.customer.headers)).json().data as Package;
      expect(now).toMatchObject(NEW_SIZE);
      const after = await priceOf([pkg.hopboxId]);
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json().price).toBeLessThan(before.json().price);
      expect(await lockerIds()).toContain(pkg.id);

      expect(await auditActions('package_request', request.id)).toEqual([
        'package_request.requested',
        'package_request.in_progress',
        'package_request.done',
      ]);
      const [remeasured] = await s.t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'package'), eq(auditLog.entityId, pkg.id), eq(auditLog.action, 'package.remeasured')));
      expect(remeasured).toMatchObject({
        before: { packageWeight: 3.2, packageLength: 60, packageBreadth: 40, packageHeight: 40 },
        after: NEW_SIZE,
      });
      const [finished] = await s.t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entityType, 'package_request'), eq(auditLog.entityId, request.id), eq(auditLog.action, 'package_request.done')),
        );
      expect(finished).toMatchObject({ before: { status: 'IN_PROGRESS' }, after: { status: 'DONE', result: NEW_SIZE } });
      const kinds = await mailKinds(s.customer.id);
      expect(kinds).toEqual(expect.arrayContaining(['packageRequest.in_progress', 'packageRequest.done']));
      expect((await mailTexts(s.customer.id)).some((mail) => mail.includes(`Repack in a smaller box for ${pkg.hopboxId}: Done`))).toBe(
        true,
      );
    });

    it('refuses moves the lifecycle does not allow with 409 INVALID_TRANSITION naming from and to; REJECTED changes nothing', async () => {
      const pkg = await receive();
      const request = await asked(pkg, { type: 'REMOVE_PACKAGING' });
      const rejected = await moved(request.id, { status: 'REJECTED', notes: 'The item has no retail packaging' });
      expect(rejected.status).toBe('REJECTED');
      for (const to of ['IN_PROGRESS', 'DONE', 'REJECTED']) {
        const res = await move(request.id, { status: to, result: NEW_SIZE });
        expectError(res, 409, m.invalidMove('REJECTED', to as 'DONE'), 'status');
        expect(res.json().code).toBe('INVALID_TRANSITION');
      }
      expect(await rowOf(pkg.id)).toMatchObject({ packageWeight: '1.750', leftAt: null });
      expect(await mailKinds(s.customer.id)).toContain('packageRequest.rejected');
      expectError(await move(request.id, { status: 'REQUESTED' }), 400, m.statusRequired, 'status');
      expect((await move(999_999, { status: 'DONE' })).statusCode).toBe(404);
      expect((await move(request.id, { status: 'DONE' }, s.customer.headers)).statusCode).toBe(403);
    });

    it('splits: the new parcels replace the original in the locker, each with its own Hopbox ID and where it came from', async () => {
      const customer = await s.t.customer();
      const pkg = await receivePackage(s.t, s.staff, customer.locker);
      const request = (await ask(pkg, { type: 'SPLIT', notes: 'Shoes apart from the socks' }, customer.headers)).json()
        .data as PackageRequest;
      expectError(await move(request.id, { status: 'DONE' }), 400, m.resultRequired('SPLIT'), 'result');
      const oneParcel = [{ packageContent: 'Shoes', ...NEW_SIZE }];
      expectError(await move(request.id, { status: 'DONE', result: { parcels: oneParcel } }), 400, m.parcelsCount, 'result.parcels');
      const parcels = [
        { packageContent: 'Shoes', ...NEW_SIZE },
        { packageContent: 'Socks', packageWeight: 0.4, packageLength: 20, packageBreadth: 15, packageHeight: 5 },
      ];
      const done = await moved(request.id, { status: 'DONE', result: { parcels } });
      const made = (done.result as { parcels: { hopboxId: string }[] }).parcels.map((p) => p.hopboxId);
      expect(made).toHaveLength(2);

      const rows = await s.t.db.select().from(packages).where(inArray(packages.hopboxId, made));
      expect(rows.map((r) => [r.packageContent, r.splitFromId, r.userId, r.origin, r.shipper])).toEqual(
        expect.arrayContaining([
          ['Shoes', pkg.id, customer.id, pkg.origin, pkg.shipper],
          ['Socks', pkg.id, customer.id, pkg.origin, pkg.shipper],
        ]),
      );
      expect((await lockerIds(customer.headers)).sort()).toEqual(rows.map((r) => r.id).sort());
      expect(await waitingCount(customer.headers)).toBe(2);
      expect(packageStatusOf((await rowOf(pkg.id)) as never)).toBe('SPLIT');
      // The original stays in the customer's history, and can no longer be priced or asked about.
      expect((await inject('GET', `/api/user/received-packages/${pkg.id}`, customer.headers)).statusCode).toBe(200);
      const shipLeft = await inject('POST', '/api/user/shipments/calculate-shipping-price', customer.headers, {
        packages: [pkg.hopboxId],
        destination: s.home.country,
      });
      expectError(shipLeft, 409, m.packageLeft);
      expect(shipLeft.json().code).toBe('PACKAGE_LEFT');
      expectError(await ask(pkg, { type: 'DISCARD' }, customer.headers), 409, m.packageLeft);
      expect(await auditActions('package', pkg.id)).toContain('package.left_locker');
      expect((await mailTexts(customer.id)).some((mail) => mail.includes(made[0] as string))).toBe(true);
    });

    it('returns to sender: the label is required and readable by its owner and staff only; DONE takes the package out of the locker', async () => {
      const customer = s.customer;
      const pkg = await receive();
      expectError(await ask(pkg, { type: 'RETURN_TO_SENDER' }), 400, m.labelRequired, 'files');
      const notALabel = await askWithLabel(pkg, [{ name: 'label.txt', body: Buffer.from('hello'), type: 'text/plain' }], {
        type: 'RETURN_TO_SENDER',
      });
      expectError(notALabel, 415, m.notALabel, 'files');
      const image = await testImage('png');
      expectError(
        await askWithLabel(pkg, [{ name: 'photo.png', body: image, type: 'image/png' }], { type: 'REPACK' }),
        400,
        m.labelOnlyForReturn,
        'files',
      );
      const res = await askWithLabel(pkg, [{ name: 'return-label.pdf', body: PDF, type: 'application/pdf' }], {
        type: 'RETURN_TO_SENDER',
        notes: 'Wrong size',
      });
      expect(res.statusCode, res.body).toBe(201);
      const request = res.json().data as PackageRequest;
      expect(request).toMatchObject({
        type: 'RETURN_TO_SENDER',
        status: 'REQUESTED',
        fee: DEFAULT_PACKAGE_REQUEST_FEES.RETURN_TO_SENDER,
        label: { fileName: 'return-label.pdf', mimeType: 'application/pdf', fileSize: PDF.length },
      });
      const own = await inject('GET', `/api/user/package-requests/${request.id}/label`, customer.headers);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.rawPayload.equals(PDF)).toBe(true);
      expect((await inject('GET', `/api/staff/package-requests/${request.id}/label`, s.staff)).statusCode).toBe(200);
      expect((await inject('GET', `/api/user/package-requests/${request.id}/label`, s.other.headers)).statusCode).toBe(404);
      expect((await inject('GET', `/api/staff/package-requests/${request.id}/label`, customer.headers)).statusCode).toBe(403);

      const waiting = await waitingCount();
      await feePaid(request);
      expectError(
        await move(request.id, { status: 'DONE', result: { carrier: 'DHL' } }),
        400,
        m.trackingNumberRequired,
        'result.trackingNumber',
      );
      const done = await moved(request.id, { status: 'DONE', result: { carrier: 'DHL', trackingNumber: 'JD0146000012345' } });
      expect(done.result).toEqual({ carrier: 'DHL', trackingNumber: 'JD0146000012345' });
      expect(await lockerIds()).not.toContain(pkg.id);
      expect(await waitingCount()).toBe(waiting - 1);
      expect(packageStatusOf((await rowOf(pkg.id)) as never)).toBe('RETURNED');
      // Never shipped once it left.
      const shipment = await inject('POST', '/api/user/shipments', customer.headers, shipmentBody([pkg, await receive()], s.home));
      expectError(shipment, 409, m.packageLeft);
      expect((await mailTexts(customer.id)).some((mail) => mail.includes('JD0146000012345'))).toBe(true);
    });

    it('discards: DONE takes no result and the package leaves the locker and the counts', async () => {
      const customer = await s.t.customer();
      const pkg = await receivePackage(s.t, s.staff, customer.locker);
      const request = (await ask(pkg, { type: 'DISCARD' }, customer.headers)).json().data as PackageRequest;
      expect(await waitingCount(customer.headers)).toBe(1);
      await feePaid(request, customer);
      const done = await moved(request.id, { status: 'DONE' });
      expect(done).toMatchObject({ status: 'DONE', result: null });
      expect(await lockerIds(customer.headers)).toEqual([]);
      expect(await waitingCount(customer.headers)).toBe(0);
      expect(packageStatusOf((await rowOf(pkg.id)) as never)).toBe('DISCARDED');
      expect(await mailKinds(customer.id)).toContain('packageRequest.done');

      // Still the customer's to read, marked as gone; nothing more can be changed, declared or photographed.
      const read = await inject('GET', `/api/user/received-packages/${pkg.id}`, customer.headers);
      expect(read.json().data).toMatchObject({ id: pkg.id, leftAs: 'DISCARDED' });
      const refusals = [
        await inject('PUT', `/api/user/received-packages/${pkg.id}`, customer.headers, {
          description: 'x',
          quantity: 1,
          unitPrice: 1,
          totalPrice: 1,
        }),
        await inject('PUT', `/api/user/received-packages/${pkg.id}/declaration`, customer.headers, {
          items: [{ description: 'Shoes', quantity: 1, unitValue: 5, originCountry: 'Germany' }],
        }),
        await inject('POST', '/api/user/photo-requests', customer.headers, { packageId: pkg.id }),
      ];
      for (const refused of refusals) {
        expectError(refused, 409, m.packageLeft);
        expect(refused.json().code).toBe('PACKAGE_LEFT');
      }
    });

    it('flags the package while a request is open, and lists a package that left in the history, the latest first', async () => {
      const customer = await s.t.customer();
      const kept = await receivePackage(s.t, s.staff, customer.locker);
      const gone = await receivePackage(s.t, s.staff, customer.locker);
      const flag = async (id: number) =>
        ((await inject('GET', '/api/user/received-packages', customer.headers)).json().data as Package[]).find((p) => p.id === id)
          ?.requestOpen;
      expect(await flag(gone.id)).toBe(false);
      const request = (await ask(gone, { type: 'DISCARD' }, customer.headers)).json().data as PackageRequest;
      expect(await flag(gone.id)).toBe(true);
      expect(await flag(kept.id)).toBe(false);
      const history = async (headers: Headers = customer.headers) => (await inject('GET', '/api/user/left-packages', headers)).json();
      expect((await history()).data).toEqual([]);
      await feePaid(request, customer);
      await moved(request.id, { status: 'DONE' });
      const left = await history();
      expect(left).toMatchObject({ success: true, total: 1, page: 1 });
      expect(left.data).toEqual([expect.objectContaining({ id: gone.id, leftAs: 'DISCARDED', requestOpen: false })]);
      // Another customer's history is their own.
      expect((await history(s.other.headers)).data).toEqual([]);
    });

    it('refuses DONE when the package went into a shipment meanwhile, and moves nothing', async () => {
      const pkg = await receive();
      const request = await asked(pkg, { type: 'DISCARD' });
      await feePaid(request);
      await putInShipment(s.t, pkg, s.customer.id);
      const res = await move(request.id, { status: 'DONE' });
      expectError(res, 409, messages.packages.packageInShipment);
      const listed = (await inject('GET', `/api/user/received-packages/${pkg.id}/requests`, s.customer.headers)).json().data;
      expect(listed[0].status).toBe('REQUESTED');
      expect((await rowOf(pkg.id))?.leftAt).toBeNull();
    });
  });

  describe('fees charged with the shipment', () => {
    type Priced = { price: number; currency: string; breakdown: { label: string; amount: number }[] };
    const pricedAt = async (refs: string[], headers: Headers = s.customer.headers) => {
      const res = await inject('POST', '/api/user/shipments/calculate-shipping-price', headers, {
        packages: refs,
        destination: s.home.country,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Priced;
    };
    const servicesLine = (priced: Priced) => priced.breakdown.find((l) => l.label.startsWith('Services'));

    it('puts a removed packaging fee on the package\'s next price as "Services", also within the hold of a price shown before, and charges it once paid', async () => {
      const pkg = await receive();
      const before = await pricedAt([pkg.hopboxId]);
      expect(servicesLine(before)).toBeUndefined();
      const row = await rowOf(pkg.id);
      // The same box after the work: only the fee changes, and the price held a moment ago must not hide it.
      const sameSize = {
        packageWeight: Number(row?.packageWeight),
        packageLength: Number(row?.packageLength),
        packageBreadth: Number(row?.packageBreadth),
        packageHeight: Number(row?.packageHeight),
      };
      const request = await asked(pkg, { type: 'REMOVE_PACKAGING' });
      await moved(request.id, { status: 'DONE', result: sameSize });

      // The amount the screens showed before the work is refused; the price with its Services line is charged.
      const generate = (amount: number) =>
        inject('POST', '/api/user/shipment-payment/generate', s.customer.headers, {
          shipmentId: `TEMP_${Date.now()}`,
          amount: amount.toFixed(2),
          currency: before.currency,
          packages: [pkg.hopboxId],
          addressId: s.home.id,
        });
      const stale = await generate(before.price);
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().code).toBe('AMOUNT_MISMATCH');
      const after = await pricedAt([pkg.hopboxId]);
      expect(servicesLine(after)).toEqual({ label: 'Services', amount: DEFAULT_PACKAGE_REQUEST_FEES.REMOVE_PACKAGING });
      expect(after.price).toBeCloseTo(before.price + DEFAULT_PACKAGE_REQUEST_FEES.REMOVE_PACKAGING, 2);
      expect(after.breakdown.reduce((sum, l) => sum + l.amount, 0)).toBeCloseTo(after.price, 2);

      const opened = await generate(after.price);
      expect(opened.statusCode, opened.body).toBe(200);
      expect((await sandboxAnswer(s.t, opened.json()._links.payment.href, 'pay')).statusCode).toBe(303);
      const check = await inject('POST', '/api/user/shipment-payment/check', s.customer.headers, { orderRef: opened.json().orderRef });
      expect(check.json()).toMatchObject({ captured: 1 });
      const [payment] = await s.t.db.select().from(payments).where(eq(payments.orderRef, opened.json().orderRef));
      expect(Number(payment?.amount)).toBe(after.price);
      expect((await rowOf(pkg.id))?.shipmentId).not.toBeNull();
    });

    it("gives a split's fee, with the fees the original carried, to the first parcel it made, and nothing to the others", async () => {
      const pkg = await receive();
      const repack = await asked(pkg, { type: 'REPACK' });
      await moved(repack.id, { status: 'DONE', result: NEW_SIZE });
      const split = await asked(pkg, { type: 'SPLIT' });
      const parcels = [
        { packageContent: 'Shoes', ...NEW_SIZE },
        { packageContent: 'Socks', packageWeight: 0.4, packageLength: 20, packageBreadth: 15, packageHeight: 5 },
      ];
      const done = await moved(split.id, { status: 'DONE', result: { parcels } });
      const [first, second] = (done.result as { parcels: { hopboxId: string }[] }).parcels.map((p) => p.hopboxId);
      const firstPrice = await pricedAt([first as string]);
      expect(servicesLine(firstPrice)?.amount).toBe(DEFAULT_PACKAGE_REQUEST_FEES.REPACK + DEFAULT_PACKAGE_REQUEST_FEES.SPLIT);
      expect(servicesLine(await pricedAt([second as string]))).toBeUndefined();
      // Priced together, the line names how many packages carry services.
      const both = await pricedAt([first as string, second as string]);
      expect(servicesLine(both)).toEqual({
        label: 'Services',
        amount: DEFAULT_PACKAGE_REQUEST_FEES.REPACK + DEFAULT_PACKAGE_REQUEST_FEES.SPLIT,
      });
    });

    it('charges nothing for a refused request', async () => {
      const pkg = await receive();
      const request = await asked(pkg, { type: 'REPACK' });
      await moved(request.id, { status: 'REJECTED', notes: 'Already in the smallest box' });
      expect(servicesLine(await pricedAt([pkg.hopboxId]))).toBeUndefined();
    });
  });

  describe('photos of the work', () => {
    const photoRows = (requestId: number) =>
      s.t.db.select().from(packageRequestPhotos).where(eq(packageRequestPhotos.requestId, requestId)).orderBy(packageRequestPhotos.id);
    const photo = async (name: string) => ({ name, body: await testImage() });
    const get = (url: string, headers: Headers) => s.t.app.inject({ method: 'GET', url, headers });

    it('keeps before photos with taking and after photos with finishing, listed by phase to the customer and read by its owner and staff only', async () => {
      const pkg = await receive();
      const request = await asked(pkg, { type: 'REPACK' });
      const taken = await moved(request.id, { status: 'IN_PROGRESS' }, [await photo('before-1.jpg'), await photo('before-2.jpg')]);
      expect(taken.photos.before.map((p) => p.originalFileName)).toEqual(['before-1.jpg', 'before-2.jpg']);
      expect(taken.photos.after).toEqual([]);
      const done = await moved(request.id, { status: 'DONE', result: NEW_SIZE }, [await photo('new-box.jpg')]);
      expect(done.photos.after.map((p) => p.originalFileName)).toEqual(['new-box.jpg']);
      expect((await photoRows(request.id)).map((r) => [r.phase, r.fileName, r.uploadedBy !== null])).toEqual([
        ['BEFORE', 'before-1.jpg', true],
        ['BEFORE', 'before-2.jpg', true],
        ['AFTER', 'new-box.jpg', true],
      ]);

      const [listed] = (await inject('GET', `/api/user/received-packages/${pkg.id}/requests`, s.customer.headers)).json()
        .data as PackageRequest[];
      expect(listed?.photos.before).toHaveLength(2);
      const after = listed?.photos.after[0];
      expect(after?.fileUrl).toBe(`/api/user/package-request-photos/${after?.id}/file`);
      const own = await get(after?.fileUrl as string, s.customer.headers);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.headers['content-type']).toBe('image/jpeg');
      const thumb = await get(after?.thumbnailUrl as string, s.customer.headers);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expectError(await get(after?.fileUrl as string, s.other.headers), 404, m.photoNotFound);
      const staffUrl = (after?.fileUrl as string).replace('/api/user/', '/api/staff/');
      expect((await get(staffUrl, s.staff)).statusCode).toBe(200);
      expect((await get(staffUrl, s.customer.headers)).statusCode).toBe(403);
      expectError(await get('/api/user/package-request-photos/999999/file', s.customer.headers), 404, m.photoNotFound);
      // The queue shows staff the same photos, at staff's path.
      const queue = (await inject('GET', '/api/staff/package-requests?status=DONE&pageSize=100', s.staff)).json()
        .data as StaffPackageRequest[];
      expect(queue.find((r) => r.id === request.id)?.photos.after[0]?.fileUrl).toBe(staffUrl);
    });

    it('refuses to finish a repack or removed packaging without an after photo (400 naming files), and nothing changes', async () => {
      for (const type of ['REPACK', 'REMOVE_PACKAGING'] as const) {
        const pkg = await receive();
        const request = await asked(pkg, { type });
        const res = await move(request.id, { status: 'DONE', result: NEW_SIZE }, s.staff, []);
        expectError(res, 400, m.afterPhotoRequired, 'files');
        expect(await rowOf(pkg.id)).toMatchObject({ packageWeight: '1.750', serviceFee: null });
        const [still] = (await inject('GET', `/api/user/received-packages/${pkg.id}/requests`, s.customer.headers)).json().data;
        expect(still.status).toBe('REQUESTED');
      }
      // A discard and a return may be finished without one.
      const pkg = await receive();
      const discard = await asked(pkg, { type: 'DISCARD' });
      await feePaid(discard);
      expect((await moved(discard.id, { status: 'DONE' }, [])).photos.after).toEqual([]);
    });

    it('checks every file before storing any: a file that is not an image is 415, more than the limit 400, photos with a refusal 400', async () => {
      const pkg = await receive();
      const request = await asked(pkg, { type: 'REPACK' });
      const filesBefore = uploadedFiles(s.t);
      const notImage = { name: 'notes.txt', body: Buffer.from('not an image'), type: 'text/plain' };
      const mixed = await move(request.id, { status: 'IN_PROGRESS' }, s.staff, [await photo('ok.jpg'), notImage]);
      expectError(mixed, 415, m.notAPhoto, 'files');
      const image = await testImage();
      const eleven = Array.from({ length: PHOTO_MAX_FILES + 1 }, (_, i) => ({ name: `p${i}.jpg`, body: image }));
      const tooMany = await move(request.id, { status: 'IN_PROGRESS' }, s.staff, eleven);
      expect(tooMany.statusCode, tooMany.body).toBe(400);
      expect(tooMany.json().field).toBe('files');
      expectError(
        await move(request.id, { status: 'REJECTED', notes: 'No' }, s.staff, [await photo('x.jpg')]),
        400,
        m.photosOnlyWithWork,
        'files',
      );
      expect(uploadedFiles(s.t)).toEqual(filesBefore);
      expect(await photoRows(request.id)).toEqual([]);
      const [still] = (await inject('GET', `/api/user/received-packages/${pkg.id}/requests`, s.customer.headers)).json().data;
      expect(still.status).toBe('REQUESTED');
      // Up to the limit is taken.
      const ten = eleven.slice(0, PHOTO_MAX_FILES);
      expect((await moved(request.id, { status: 'IN_PROGRESS' }, ten)).photos.before).toHaveLength(PHOTO_MAX_FILES);
    });

    it('a split takes one photo per parcel, in order, and each becomes the receipt photo of the parcel it shows', async () => {
      const customer = await s.t.customer();
      const pkg = await receivePackage(s.t, s.staff, customer.locker);
      const request = (await ask(pkg, { type: 'SPLIT', notes: 'Shoes apart' }, customer.headers)).json().data as PackageRequest;
      const parcels = [
        { packageContent: 'Shoes', ...NEW_SIZE },
        { packageContent: 'Socks', packageWeight: 0.4, packageLength: 20, packageBreadth: 15, packageHeight: 5 },
      ];
      expectError(
        await move(request.id, { status: 'DONE', result: { parcels } }, s.staff, [await photo('one.jpg')]),
        400,
        m.parcelPhotos,
        'files',
      );
      expect(await rowOf(pkg.id)).toMatchObject({ leftAt: null });
      const done = await moved(request.id, { status: 'DONE', result: { parcels } }, [await photo('shoes.jpg'), await photo('socks.jpg')]);
      expect(done.photos.after.map((p) => p.originalFileName)).toEqual(['shoes.jpg', 'socks.jpg']);
      const made = (done.result as { parcels: { hopboxId: string }[] }).parcels.map((p) => p.hopboxId);
      const rows = await s.t.db.select().from(packages).where(inArray(packages.hopboxId, made));
      const byContent = new Map(rows.map((r) => [r.packageContent, r.id]));
      for (const [content, name] of [
        ['Shoes', 'shoes.jpg'],
        ['Socks', 'socks.jpg'],
      ]) {
        const id = byContent.get(content as string) as number;
        const details = (await inject('GET', `/api/user/received-packages/${id}`, customer.headers)).json().data;
        expect(details.receiptPhotos.map((p: Attachment) => p.originalFileName)).toEqual([name]);
        const file = await get(details.receiptPhotos[0].fileUrl, customer.headers);
        expect(file.statusCode, file.body).toBe(200);
      }
      expect((await photoRows(request.id)).map((r) => r.parcelId)).toEqual([byContent.get('Shoes'), byContent.get('Socks')]);
    });
  });

  describe('a package the warehouse is working on', () => {
    it('cannot be edited or photographed while its request is open (409 REQUEST_OPEN), and can again once it is done', async () => {
      const pkg = await receive();
      const request = await asked(pkg, { type: 'REPACK' });
      const edit = { description: 'Coffee machine', quantity: 1, unitPrice: 5, totalPrice: 5 };
      for (const refused of [
        await inject('PUT', `/api/user/received-packages/${pkg.id}`, s.customer.headers, edit),
        await inject('POST', '/api/user/photo-requests', s.customer.headers, { packageId: pkg.id }),
      ]) {
        expectError(refused, 409, m.packageBusy);
        expect(refused.json().code).toBe('REQUEST_OPEN');
      }
      expect((await rowOf(pkg.id))?.description).not.toBe('Coffee machine');
      await moved(request.id, { status: 'DONE', result: NEW_SIZE });
      const edited = await inject('PUT', `/api/user/received-packages/${pkg.id}`, s.customer.headers, edit);
      expect(edited.statusCode, edited.body).toBe(200);
    });
  });
});
