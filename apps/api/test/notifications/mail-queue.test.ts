import type { Address } from '@hopbox/contracts/addresses';
import type { Package } from '@hopbox/contracts/packages';
import type { SentShipment } from '@hopbox/contracts/shipments';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/db/schema.ts';
import type { TestCustomer } from '../helper.ts';
import {
  addAddress,
  changePassword,
  forgotPassword,
  paySinglePackage,
  receiveBody,
  receivePackage,
  requestPhotos,
  staffReceiveWithPhotos,
  staffUpdatePhotoRequest,
  staffUpdateShipment,
  staffUploadPhotos,
  testImage,
  useTestApp,
} from '../helper.ts';
import { readMail } from './mime.ts';

const PORTAL = 'https://portal.hopbox.test';
/** The portal's pages (SPEC.md section 2) a mail may link to. */
const PORTAL_PAGES = ['/signin', '/reset-password', '/received-packages', '/photo-requests', '/sent-shipment', '/shipments-progress'];
const escapeHtml = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Issue 5, "Customer notifications": each customer-facing event queues exactly one mail in
 * outbox_messages, and the worker turns it into a real MIME message in DATA_DIR/outbox: HTML with a
 * plain-text part, branded, with a link into the portal built from PUBLIC_URL.
 */
describe('notifications: the mails the customer receives', () => {
  const s = useTestApp({ PUBLIC_URL: PORTAL, MAIL_WORKER_INTERVAL_MS: '0' }, async (t) => ({
    staff: (await t.userWithToken('staff')).headers,
  }));

  const queued = (userId: number) =>
    s.t.db.select().from(outboxMessages).where(eq(outboxMessages.userId, userId)).orderBy(outboxMessages.id);

  /** Lets the worker deliver everything that is due (it is also woken by each enqueue). */
  async function drain() {
    const until = Date.now() + 5000;
    for (;;) {
      await s.t.app.deps.mailWorker.runOnce();
      const open = await s.t.db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(inArray(outboxMessages.status, ['QUEUED', 'SENDING']));
      if (open.length === 0) return;
      if (Date.now() > until) throw new Error(`mail still queued: ${JSON.stringify(open)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * Runs an action and returns what it queued for the customer, once delivered: the new rows of
   * outbox_messages and the new .eml files addressed to the customer.
   */
  async function mailsOf(c: TestCustomer, action: () => Promise<void>) {
    const rowsBefore = (await queued(c.id)).map((r) => r.id);
    const filesBefore = s.t.mailsTo(c.email).length;
    await action();
    await drain();
    const rows = (await queued(c.id)).filter((r) => !rowsBefore.includes(r.id));
    return { rows, files: s.t.mailsTo(c.email).slice(filesBefore) };
  }

  /** The checks every customer mail passes; returns the parsed mail for the specific ones. */
  function expectBrandedMail(raw: string, c: TestCustomer, subject: string, link: string) {
    const m = readMail(raw);
    expect(m.headers['mime-version']).toBe('1.0');
    expect(m.mail.type).toBe('multipart/alternative');
    expect(m.headers.to).toBe(c.email);
    expect(m.headers.from).toMatch(/^Hopbox <[^>]+>$/);
    expect(m.subject).toBe(subject);
    // Plain text beside the HTML, both branded and greeting the customer by name.
    expect(m.text).not.toMatch(/<[a-z!]/i);
    expect(m.text.split('\n')[0]).toBe('Hopbox');
    expect(m.text).toContain(`Hello ${c.firstName},`);
    expect(m.html).toMatch(/^<!doctype html>/i);
    expect(m.html).toContain('>Hopbox</h1>');
    expect(m.html).toContain(`Hello ${c.firstName},`);
    // The link into the portal, from PUBLIC_URL, in both parts.
    const url = new URL(link);
    expect(url.origin).toBe(PORTAL);
    expect(PORTAL_PAGES).toContain(url.pathname);
    expect(m.text).toContain(link);
    expect(m.html).toContain(`href="${escapeHtml(link)}"`);
    return m;
  }

  it('forgot-password: one mail with a working reset link', async () => {
    const c = await s.t.customer({ firstName: 'Layla', lastName: 'Haddad' });
    const { rows, files } = await mailsOf(c, async () => {
      await forgotPassword(s.t, c.email);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'passwordReset', toAddress: c.email, status: 'SENT', attempts: 1, lastError: null });
    expect(files).toHaveLength(1);
    const link = readMail(files[0] as string).text.match(/https:\/\/\S+\/reset-password\?token=\S+/)?.[0] as string;
    const m = expectBrandedMail(files[0] as string, c, 'Reset your Hopbox password', link);
    expect(m.text).toContain('valid for 30 minutes');
    expect(m.images).toEqual([]);
    // The link works: its token is accepted by the reset page's check.
    const token = new URL(link).searchParams.get('token') as string;
    const verify = await s.t.app.inject({ method: 'GET', url: `/api/auth/user/verify-reset-token?token=${encodeURIComponent(token)}` });
    expect(verify.json()).toMatchObject({ valid: true });
  });

  it('package received (POST /api/staff/packages): one mail naming the package, linking to Received Packages', async () => {
    const c = await s.t.customer({ firstName: 'Karim', lastName: 'Nasser' });
    let pkg: Package | undefined;
    const { rows, files } = await mailsOf(c, async () => {
      pkg = await receivePackage(s.t, s.staff, c.locker, { shipper: 'Zara Spain', packageContent: 'Winter coat', origin: 'Spain' });
    });
    const hopboxId = pkg?.hopboxId as string;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'packageReceived', status: 'SENT', attachmentKeys: [] });
    expect(files).toHaveLength(1);
    const m = expectBrandedMail(files[0] as string, c, `A package arrived in your locker: ${hopboxId}`, `${PORTAL}/received-packages`);
    for (const body of [m.text, m.html]) {
      expect(body).toContain(`We received a package from Zara Spain (Winter coat) at our Spain warehouse. Its Hopbox ID is ${hopboxId}.`);
    }
    expect(m.images).toEqual([]);
  });

  /** Receives a package with these photos through the warehouse console and answers it with its mails. */
  async function receiveWithPhotos(c: TestCustomer, count: number) {
    const photos = await Promise.all(
      Array.from({ length: count }, (_, i) => testImage(i % 2 ? 'jpeg' : 'png', { color: `#${(2 + i).toString(16).repeat(6)}` })),
    );
    let pkg: Package | undefined;
    const mails = await mailsOf(c, async () => {
      const res = await staffReceiveWithPhotos(
        s.t,
        s.staff,
        photos.map((body, i) => (i % 2 ? { name: `p${i}.jpg`, body } : { name: `p${i}.png`, body, type: 'image/png' })),
        { package: JSON.stringify(receiveBody(c.locker, { packageWeight: 2.5, totalPrice: 149.9, currency: 'USD' })) },
      );
      expect(res.statusCode, res.body).toBe(201);
      pkg = res.json().data;
    });
    return { ...mails, photos, pkg: pkg as Package };
  }

  it('package received with two receipt photos: both are attached as image parts, and the text says so', async () => {
    const c = await s.t.customer({ firstName: 'Noor', lastName: 'Saleh' });
    const { rows, files, photos, pkg } = await receiveWithPhotos(c, 2);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.attachmentKeys).toHaveLength(2);
    expect(files).toHaveLength(1);
    const m = expectBrandedMail(files[0] as string, c, `A package arrived in your locker: ${pkg.hopboxId}`, `${PORTAL}/received-packages`);
    for (const body of [m.text, m.html]) {
      expect(body).toContain('The 2 photos taken at receipt are attached.');
      // The key data: weight and declared value.
      expect(body).toContain('2.5 kg');
      expect(body).toContain('149.90 USD');
    }
    // Every attached image is shown in the HTML, and every image shown is attached.
    expect(m.html.match(/src="cid:photo-\d+"/g)).toEqual(['src="cid:photo-1"', 'src="cid:photo-2"']);
    expect(m.images).toHaveLength(2);
    const image = m.images[0];
    expect(image?.type).toBe('image/png');
    expect(image?.headers['content-transfer-encoding']).toBe('base64');
    expect(image?.headers['content-disposition']).toMatch(/filename="?photo-1\.png"?/);
    expect(image?.body.equals(photos[0] as Buffer)).toBe(true);
    expect(m.images[1]?.body.equals(photos[1] as Buffer)).toBe(true);
  });

  it('package received with five receipt photos: three are attached and the text says "3 of the 5"', async () => {
    const c = await s.t.customer({ firstName: 'Sami', lastName: 'Haddad' });
    const { rows, files } = await receiveWithPhotos(c, 5);
    expect(rows[0]?.attachmentKeys).toHaveLength(3);
    const m = readMail(files[0] as string);
    for (const body of [m.text, m.html]) {
      expect(body).toContain('3 of the 5 photos taken at receipt are attached; all of them are in Package Details in your portal.');
    }
    expect(m.html.match(/src="cid:photo-\d+"/g)).toHaveLength(3);
    expect(m.images).toHaveLength(3);
  });

  it('photo request COMPLETED with two photos: one "photos ready" mail linking to Photo Requests', async () => {
    const c = await s.t.customer({ firstName: 'Rania', lastName: 'Aziz' });
    const pkg = await receivePackage(s.t, s.staff, c.locker);
    await drain();
    const request = await requestPhotos(s.t, c.headers, pkg.id);
    const { rows, files } = await mailsOf(c, async () => {
      const take = await staffUpdatePhotoRequest(s.t, s.staff, request.id, { status: 'IN_PROGRESS' });
      expect(take.statusCode, take.body).toBe(200);
      await staffUploadPhotos(s.t, s.staff, request.id, [
        { name: 'a.jpg', body: await testImage('jpeg', { color: '#101010' }) },
        { name: 'b.jpg', body: await testImage('jpeg', { color: '#202020' }) },
      ]);
      const done = await staffUpdatePhotoRequest(s.t, s.staff, request.id, { status: 'COMPLETED', notes: 'Front and label' });
      expect(done.statusCode, done.body).toBe(200);
    });
    // Taking the request and uploading tell the customer nothing; completing it sends one mail.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'photosReady', status: 'SENT' });
    expect(files).toHaveLength(1);
    const m = expectBrandedMail(files[0] as string, c, `Your photos of ${pkg.hopboxId} are ready`, `${PORTAL}/photo-requests`);
    for (const body of [m.text, m.html]) expect(body).toContain(`2 photos of your package ${pkg.hopboxId} are ready for viewing.`);
  });

  describe('a single package paid by card, then shipped', () => {
    let c: TestCustomer;
    let home: Address;
    let pkg: Package;
    let payment: Awaited<ReturnType<typeof paySinglePackage>>;

    beforeAll(async () => {
      c = await s.t.customer({ firstName: 'Omar', lastName: 'Khalil' });
      home = await addAddress(s.t, c.headers);
      pkg = await receivePackage(s.t, s.staff, c.locker);
      await drain();
    });

    it('payment captured (sandbox Pay + check): one receipt with the amount and the payment reference', async () => {
      const { rows, files } = await mailsOf(c, async () => {
        payment = await paySinglePackage(s.t, c.headers, pkg, home);
      });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'shipmentPaid', status: 'SENT' });
      expect(files).toHaveLength(1);
      const amount = `${payment.amount.toFixed(2)} ${payment.currency}`;
      expect(amount).toBe('320.32 AED');
      const m = expectBrandedMail(files[0] as string, c, `Payment received: ${amount}`, `${PORTAL}/sent-shipment`);
      for (const body of [m.text, m.html]) {
        expect(body).toContain(`Thank you for your payment of ${amount} for shipment ${payment.shipmentId}.`);
        expect(body).toContain(`Payment reference: ${payment.orderRef}.`);
        // Itemized: the package (Hopbox ID, content, weight), the destination, the price line and the total.
        expect(body).toContain(pkg.hopboxId);
        expect(body).toContain(pkg.packageContent);
        expect(body).toContain(`${pkg.packageWeight} kg`);
        expect(body).toContain(escapeHtml(home.address));
        expect(body).toContain(home.country);
        expect(body).toContain(`Shipping 1 package (`);
      }
      expect(m.text).toContain(`Total paid: ${amount}`);
      expect(m.text).toContain(`Destination: ${home.address}, ${home.city}`);
      expect(m.text).toContain(`- ${pkg.hopboxId} · ${pkg.packageContent} · ${pkg.packageWeight} kg`);
      // One reference only: the merchant's own reference never reaches the customer.
      expect(m.text).not.toMatch(/HB-[SC]-/);
      expect(m.html).not.toMatch(/HB-[SC]-/);
      // A second check of the same payment sends nothing more.
      const again = await mailsOf(c, async () => {
        const res = await s.t.app.inject({
          method: 'POST',
          url: '/api/user/shipment-payment/check',
          headers: c.headers,
          payload: { orderRef: payment.orderRef },
        });
        expect(res.json()).toMatchObject({ captured: 1, status: 'SUCCESS' });
      });
      expect(again.rows).toEqual([]);
      expect(again.files).toEqual([]);
    });

    it('shipment Shipped with an AWB (staff PUT): one mail carrying the AWB; Processed sends none; Delivered its own, once', async () => {
      const sent = (await s.t.app.inject({ method: 'GET', url: '/api/user/shipments/sent', headers: c.headers })).json()
        .data as SentShipment[];
      const shipment = sent.find((row) => row.shipmentId === payment.shipmentId) as SentShipment;
      expect(shipment).toBeDefined();
      const update = (payload: Record<string, unknown>) => staffUpdateShipment(s.t, s.staff, shipment.id, payload);

      const processed = await mailsOf(c, async () => {
        expect((await update({ shipmentStatus: 'Processed' })).statusCode).toBe(200);
      });
      expect(processed.rows).toEqual([]);

      const shipped = await mailsOf(c, async () => {
        const res = await update({ awb: 'AWB-7781-2290', shipmentStatus: 'Shipped' });
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(shipped.rows).toHaveLength(1);
      expect(shipped.rows[0]).toMatchObject({ kind: 'shipmentShipped', status: 'SENT' });
      expect(shipped.files).toHaveLength(1);
      const m = expectBrandedMail(
        shipped.files[0] as string,
        c,
        `Shipment ${payment.shipmentId} is on its way`,
        `${PORTAL}/sent-shipment?track=${payment.shipmentId}`,
      );
      for (const body of [m.text, m.html]) expect(body).toContain('Air waybill (AWB): AWB-7781-2290.');

      // Saying Shipped again does not mail again; Delivered sends its own mail, once.
      const again = await mailsOf(c, async () => {
        expect((await update({ shipmentStatus: 'Shipped' })).statusCode).toBe(200);
      });
      expect(again.rows).toEqual([]);
      const delivered = await mailsOf(c, async () => {
        expect((await update({ shipmentStatus: 'Delivered' })).statusCode).toBe(200);
        expect((await update({ shipmentStatus: 'Delivered' })).statusCode).toBe(200);
      });
      expect(delivered.rows).toHaveLength(1);
      expect(delivered.rows[0]).toMatchObject({ kind: 'shipmentDelivered', status: 'SENT' });
      expectBrandedMail(
        delivered.files[0] as string,
        c,
        `Shipment ${payment.shipmentId} was delivered`,
        `${PORTAL}/sent-shipment?track=${payment.shipmentId}`,
      );
    });
  });

  it('password changed: one mail linking to sign-in', async () => {
    const c = await s.t.customer({ firstName: 'Huda', lastName: 'Fares' });
    const { rows, files } = await mailsOf(c, async () => {
      await changePassword(s.t, c, 'another-secret-1');
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'passwordChanged', status: 'SENT' });
    expect(files).toHaveLength(1);
    expectBrandedMail(files[0] as string, c, 'Your Hopbox password was changed', `${PORTAL}/signin`);
  });

  it('mails only customers: no staff action mailed the staff member who did it', async () => {
    const all = await s.t.db.select({ to: outboxMessages.toAddress }).from(outboxMessages);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((r) => r.to.startsWith('staff-'))).toEqual([]);
  });
});
