import {
  CLAIM_DELIVERED_DAYS,
  CLAIM_LOST_QUIET_DAYS,
  CLAIM_LOST_SHIPPED_DAYS,
  type Claim,
  type ClaimWindow,
  claimMessages,
  claimReference,
  type StaffClaimDetail,
} from '@hopbox/contracts/claims';
import { toMinor } from '@hopbox/contracts/money';
import type { Package } from '@hopbox/contracts/packages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentRefunds, payments, shipmentEvents, shipments } from '../../src/db/schema.ts';
import { settableClock } from '../../src/lib/clock.ts';
import { refundPayment } from '../../src/modules/payments/refunds-service.ts';
import {
  addAddress,
  expectError,
  type Headers,
  mailText,
  multipartBody,
  paySinglePackage,
  receiveBody,
  receivePackage,
  requestPhotos,
  staffReceiveWithPhotos,
  staffUpdateShipment,
  staffUploadPhoto,
  type TestCustomer,
  testImage,
  useTestApp,
} from '../helper.ts';

const DAY = 86_400_000;

/**
 * Issue "When it goes wrong", claims (decision 065): a customer claims on their package or shipment inside its window,
 * with photos; staff decide beside the evidence; an approval refunds through the provider (never past what was paid),
 * credits the balance, or re-weighs the package; every decision is mailed; the lifecycle refuses illegal moves.
 */
describe('claims', () => {
  const clock = settableClock();
  const s = useTestApp(
    { MAIL_WORKER_INTERVAL_MS: '0' },
    async (t) => {
      const staff = await t.userWithToken('staff');
      const alice = await t.customer({ firstName: 'Alice', lastName: 'Claim' });
      const bob = await t.customer({ firstName: 'Bob', lastName: 'Other' });
      return {
        staff: staff.headers,
        staffId: staff.user.id,
        alice,
        bob,
        aliceHome: await addAddress(t, alice.headers),
        bobHome: await addAddress(t, bob.headers),
      };
    },
    { clock },
  );
  const inDays = (days: number) => clock.set(new Date(Date.now() + days * DAY));

  /** A package of the customer's, paid for through the sandbox: its shipment's database id, and what was paid. */
  async function paidShipment(customer: TestCustomer = s.alice) {
    clock.set(new Date());
    const pkg = await receivePackage(s.t, s.staff, customer.locker);
    const paid = await paySinglePackage(s.t, customer.headers, pkg, customer === s.alice ? s.aliceHome : s.bobHome);
    const [row] = await s.t.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.shipmentId, paid.shipmentId));
    return { pkg, id: row?.id as number, paid };
  }
  const move = (id: number, shipmentStatus: 'Shipped' | 'Delivered') =>
    staffUpdateShipment(s.t, s.staff, id, { awb: `AWB-CLM-${id}`, shipmentStatus });
  async function delivered(customer: TestCustomer = s.alice) {
    const made = await paidShipment(customer);
    expect((await move(made.id, 'Delivered')).statusCode).toBe(200);
    return made;
  }

  const file = (payload: Record<string, unknown>, headers: Headers = s.alice.headers) =>
    s.t.app.inject({ method: 'POST', url: '/api/user/claims', headers, payload });
  const damaged = (about: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    file({ ...about, type: 'DAMAGED', description: 'The box arrived crushed', amount: 50, currency: 'AED', ...extra });
  const decide = (id: number, payload: Record<string, unknown>) =>
    s.t.app.inject({ method: 'PUT', url: `/api/staff/claims/${id}`, headers: s.staff, payload });
  const windows = async (query: string, headers: Headers = s.alice.headers) => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/user/claims/eligibility?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json().data as ClaimWindow[]).map((w) => [w.type, w]));
  };
  const created = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: Claim }).data;
  };
  /** Waits for the mail to `to` (the customer's, unless said) about the claim that says `text`. */
  async function mailAbout(id: number, text: string, to = s.alice.email) {
    for (let i = 0; i < 100; i++) {
      const found = s.t
        .mailsTo(to)
        .map(mailText)
        .find((m) => m.includes(claimReference(id)) && m.includes(text));
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail about claim ${id} saying "${text}"`);
  }
  const expectCode = (res: { statusCode: number; body: string; json(): unknown }, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code });
  };

  describe('windows', () => {
    it('damaged and missing items: not before delivery, within 14 days of it, not after', async () => {
      const { id } = await paidShipment();
      expect((await windows(`shipmentId=${id}`)).DAMAGED).toMatchObject({ open: false, code: 'CLAIM_NOT_YET_OPEN' });
      expectError(await damaged({ shipmentId: id }), 409, claimMessages.notDelivered);
      expect((await move(id, 'Delivered')).statusCode).toBe(200);
      inDays(CLAIM_DELIVERED_DAYS - 1);
      const open = await windows(`shipmentId=${id}`);
      expect(open.DAMAGED).toMatchObject({ open: true, code: null });
      expect(open.MISSING_ITEMS?.closesAt).not.toBeNull();
      const claim = created(await damaged({ shipmentId: id }, { type: 'MISSING_ITEMS' }));
      expect(claim).toMatchObject({ status: 'OPEN', type: 'MISSING_ITEMS', shipmentId: id, amount: 50, currency: 'AED' });

      const late = await delivered();
      inDays(CLAIM_DELIVERED_DAYS + 1);
      const res = await damaged({ packageId: late.pkg.id });
      expectCode(res, 409, 'CLAIM_WINDOW_CLOSED');
      expect(res.json().message).toMatch(/closed on \d{4}-\d{2}-\d{2}/);
      clock.set(new Date());
    });

    it('lost: not while it was just shipped, after 10 quiet days, or 45 days after it shipped whatever the news; never once delivered', async () => {
      const quiet = await paidShipment();
      expect((await move(quiet.id, 'Shipped')).statusCode).toBe(200);
      const lost = (id: number) => file({ shipmentId: id, type: 'LOST', description: 'Never arrived', amount: 20, currency: 'AED' });
      const early = await lost(quiet.id);
      expectCode(early, 409, 'CLAIM_NOT_YET_OPEN');
      expect(early.json().message).toMatch(/from \d{4}-\d{2}-\d{2}/);
      inDays(CLAIM_LOST_QUIET_DAYS + 0.01);
      created(await lost(quiet.id));

      const news = await paidShipment();
      expect((await move(news.id, 'Shipped')).statusCode).toBe(200);
      const start = Date.now();
      await s.t.db.insert(shipmentEvents).values({
        shipmentId: news.id,
        eventKey: 'late-news',
        at: new Date(start + 40 * DAY),
        code: 'TRN',
        stage: 'IN_TRANSIT',
        status: 'In transit',
      });
      inDays(CLAIM_LOST_SHIPPED_DAYS - 1);
      expect((await windows(`shipmentId=${news.id}`)).LOST).toMatchObject({ open: false, code: 'CLAIM_NOT_YET_OPEN' });
      inDays(CLAIM_LOST_SHIPPED_DAYS + 0.01);
      created(await lost(news.id));

      clock.set(new Date());
      const home = await delivered();
      expectError(await lost(home.id), 409, claimMessages.lostDelivered);
    });

    it('wrong weight: while the package is in the locker, not once its shipment is paid, never on a shipment', async () => {
      clock.set(new Date());
      const pkg = await receivePackage(s.t, s.staff, s.alice.locker);
      const weight = (about: Record<string, unknown>) =>
        file({ ...about, type: 'WRONG_WEIGHT', description: 'It weighs 1 kg, not 1.75', amount: 0, currency: 'AED' });
      expect((await windows(`packageId=${pkg.id}`)).WRONG_WEIGHT).toMatchObject({ open: true });
      created(await weight({ packageId: pkg.id }));
      const paid = await paidShipment();
      expectError(await weight({ packageId: paid.pkg.id }), 409, claimMessages.weightPaid);
      expectCode(await weight({ shipmentId: paid.id }), 409, 'CLAIM_TYPE_NOT_APPLICABLE');
    });
  });

  describe('filing', () => {
    it("answers 404 for another customer's package, shipment or claim, and their windows", async () => {
      const bobs = await delivered(s.bob);
      expectError(await damaged({ packageId: bobs.pkg.id }), 404, claimMessages.packageNotFound);
      expectError(await damaged({ shipmentId: bobs.id }), 404, claimMessages.shipmentNotFound);
      const res = await s.t.app.inject({
        method: 'GET',
        url: `/api/user/claims/eligibility?shipmentId=${bobs.id}`,
        headers: s.alice.headers,
      });
      expectError(res, 404, claimMessages.shipmentNotFound);
      const bobClaim = created(
        await file({ shipmentId: bobs.id, type: 'DAMAGED', description: 'x', amount: 5, currency: 'AED' }, s.bob.headers),
      );
      const read = await s.t.app.inject({ method: 'GET', url: `/api/user/claims/${bobClaim.id}`, headers: s.alice.headers });
      expectError(read, 404, claimMessages.claimNotFound);
    });

    it('keeps one open claim per package or shipment, also when two are filed at once; a decided one frees it', async () => {
      const { pkg, id } = await delivered();
      const [a, b] = await Promise.all([damaged({ packageId: pkg.id }), damaged({ packageId: pkg.id })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expectCode(a.statusCode === 409 ? a : b, 409, 'CLAIM_OPEN');
      created(await damaged({ shipmentId: id }));
      expectCode(await damaged({ shipmentId: id }), 409, 'CLAIM_OPEN');
      const first = (a.statusCode === 201 ? a : b).json().data as Claim;
      expect((await decide(first.id, { status: 'REJECTED', message: 'The photos show no damage' })).statusCode).toBe(200);
      created(await damaged({ packageId: pkg.id }));
    });

    it('bounds the amount: more than zero, at most the declared value in AED and what was paid, in AED only', async () => {
      const { pkg } = await delivered();
      expectError(await damaged({ packageId: pkg.id }, { amount: 0 }), 400, claimMessages.amountRequired, 'amount');
      const over = await damaged({ packageId: pkg.id }, { amount: 100_000 });
      expectCode(over, 400, 'CLAIM_AMOUNT_TOO_HIGH');
      expectError(await damaged({ packageId: pkg.id }, { currency: 'USD' }), 400, claimMessages.currency, 'currency');
      expectError(await damaged({ packageId: pkg.id }, { amount: 1.234 }), 400, 'Amount can have at most 2 decimals', 'amount');
      expectError(await damaged({ packageId: pkg.id, shipmentId: 1 }), 400, claimMessages.subjectRequired);
      expectError(await damaged({ packageId: pkg.id }, { description: 'x'.repeat(2001) }), 400, claimMessages.descriptionTooLong);
    });

    it('takes up to 10 photos in a multipart form, shown to the customer and staff only; refuses a file that is not an image', async () => {
      const { pkg } = await delivered();
      const image = await testImage();
      const form = await multipartBody(
        [
          { name: 'box.jpg', body: image },
          { name: 'inside.jpg', body: image },
        ],
        { claim: JSON.stringify({ packageId: pkg.id, type: 'DAMAGED', description: 'Crushed', amount: 30, currency: 'AED' }) },
      );
      const claim = created(
        await s.t.app.inject({
          method: 'POST',
          url: '/api/user/claims',
          headers: { ...s.alice.headers, ...form.headers },
          payload: form.payload,
        }),
      );
      expect(claim.photos).toHaveLength(2);
      const [photo] = claim.photos;
      const own = await s.t.app.inject({ method: 'GET', url: photo?.url as string, headers: s.alice.headers });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/jpeg');
      const thumb = await s.t.app.inject({ method: 'GET', url: photo?.thumbnailUrl as string, headers: s.alice.headers });
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect((await s.t.app.inject({ method: 'GET', url: photo?.url as string, headers: s.bob.headers })).statusCode).toBe(404);
      const staffUrl = (photo?.url as string).replace('/api/user/', '/api/staff/');
      expect((await s.t.app.inject({ method: 'GET', url: staffUrl, headers: s.staff })).statusCode).toBe(200);

      const other = await delivered();
      const bad = await multipartBody([{ name: 'notes.txt', body: Buffer.from('not an image'), type: 'text/plain' }], {
        claim: JSON.stringify({ packageId: other.pkg.id, type: 'DAMAGED', description: 'Crushed', amount: 30, currency: 'AED' }),
      });
      const refused = await s.t.app.inject({
        method: 'POST',
        url: '/api/user/claims',
        headers: { ...s.alice.headers, ...bad.headers },
        payload: bad.payload,
      });
      expectError(refused, 415, claimMessages.notAPhoto);
      created(await damaged({ packageId: other.pkg.id }));
    });
  });

  describe('deciding', () => {
    it('asks for more; the customer answers with text and a photo and the claim is open again; an answer not asked for is 409', async () => {
      const { pkg } = await delivered();
      const claim = created(await damaged({ packageId: pkg.id }));
      expectCode(
        await s.t.app.inject({
          method: 'POST',
          url: `/api/user/claims/${claim.id}/reply`,
          headers: s.alice.headers,
          payload: { message: 'hello' },
        }),
        409,
        'INVALID_TRANSITION',
      );
      const asked = await decide(claim.id, { status: 'NEEDS_INFO', message: 'Please send a photo of the inside' });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().data.status).toBe('NEEDS_INFO');
      expect(await mailAbout(claim.id, 'Please send a photo of the inside')).toContain('Answer the claim');

      const form = await multipartBody([{ name: 'inside.jpg', body: await testImage() }], {
        reply: JSON.stringify({ message: 'Here it is' }),
      });
      const answered = await s.t.app.inject({
        method: 'POST',
        url: `/api/user/claims/${claim.id}/reply`,
        headers: { ...s.alice.headers, ...form.headers },
        payload: form.payload,
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const data = answered.json().data as Claim;
      expect(data.status).toBe('OPEN');
      expect(data.messages.map((msg) => [msg.from, msg.status, msg.photos.length])).toEqual([
        ['staff', 'NEEDS_INFO', 0],
        ['customer', 'OPEN', 1],
      ]);
      // The team's inbox is told, with the answer and a link to decide it.
      const inbox = await mailAbout(claim.id, 'Here it is', 'support@hopbox.example');
      expect(inbox).toContain('it is open again and waits for a decision');
      expect(inbox).toContain('One photo is with the claim.');
      expect(inbox).toContain(`https://portal.hopbox.test/staff/claims/${claim.id}`);
    });

    it('approves a refund through the provider, never above what was paid for the shipment', async () => {
      const { pkg, id, paid } = await delivered();
      const claim = created(await damaged({ packageId: pkg.id }, { amount: paid.amount + 100 }));
      const tooMuch = await decide(claim.id, { status: 'APPROVED', resolution: 'REFUND', amount: paid.amount + 1, message: 'Sorry' });
      expectCode(tooMuch, 400, 'CLAIM_AMOUNT_TOO_HIGH');
      expect(tooMuch.json().message).toBe(claimMessages.refundOverPaid(paid.amount, 'AED'));
      const ok = await decide(claim.id, {
        status: 'APPROVED',
        resolution: 'REFUND',
        amount: paid.amount - 1,
        message: 'Sorry about the box',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ status: 'APPROVED', resolution: 'REFUND', resolvedAmount: paid.amount - 1 });
      const [payment] = await s.t.db.select().from(payments).where(eq(payments.orderRef, paid.orderRef));
      expect(payment).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedMinor: toMinor(paid.amount - 1) });

      // A second claim on the same shipment refunds only what is left of it.
      const second = created(await damaged({ shipmentId: id }, { amount: 5 }));
      const past = await decide(second.id, { status: 'APPROVED', resolution: 'REFUND', amount: 2, message: 'More' });
      expectError(past, 400, claimMessages.refundOverPaid(1, 'AED'), 'amount');
      expect((await decide(second.id, { status: 'APPROVED', resolution: 'REFUND', amount: 1, message: 'The rest' })).statusCode).toBe(200);
    });

    it('refunds a claim once, ever: decided again after a refund that was made, it refunds nothing more; one still waiting is a 409', async () => {
      const { pkg, paid } = await delivered();
      const claim = created(await damaged({ packageId: pkg.id }, { amount: 3 }));
      const [payment] = await s.t.db.select().from(payments).where(eq(payments.orderRef, paid.orderRef));
      if (!payment) throw new Error('no payment');
      // The process stopped after the provider refunded and before the claim moved: the refund is made, the claim still OPEN.
      await refundPayment(s.t.app.deps, s.staffId, payment.id, { amount: 3, reason: 'Claim refund' }, { claimId: claim.id });
      const again = await decide(claim.id, { status: 'APPROVED', resolution: 'REFUND', amount: 3, message: 'Sorry' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({ status: 'APPROVED', resolution: 'REFUND', resolvedAmount: 3 });
      const [after] = await s.t.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(after?.refundedMinor).toBe(300);
      expect(await s.t.db.select().from(paymentRefunds).where(eq(paymentRefunds.claimId, claim.id))).toHaveLength(1);

      // A refund sent and not yet confirmed: deciding again is refused, nothing more is asked of the provider.
      const second = await delivered();
      const other = created(await damaged({ shipmentId: second.id }, { amount: 2 }));
      const [otherPayment] = await s.t.db.select().from(payments).where(eq(payments.orderRef, second.paid.orderRef));
      if (!otherPayment) throw new Error('no payment');
      await s.t.db
        .insert(paymentRefunds)
        .values({ paymentId: otherPayment.id, amountMinor: 200, reason: 'Claim refund', claimId: other.id });
      const pending = await decide(other.id, { status: 'APPROVED', resolution: 'REFUND', amount: 2, message: 'Sorry' });
      expectCode(pending, 409, 'CLAIM_BEING_DECIDED');
      expect((await s.t.db.select().from(payments).where(eq(payments.id, otherPayment.id)))[0]?.refundedMinor).toBe(0);
    });

    it('approves a credit to the account balance, read from the wallet', async () => {
      const { pkg } = await delivered();
      const claim = created(await damaged({ packageId: pkg.id }, { amount: 40 }));
      const over = await decide(claim.id, { status: 'APPROVED', resolution: 'CREDIT', amount: 41, message: 'x' });
      expectCode(over, 400, 'CLAIM_AMOUNT_TOO_HIGH');
      expect((await decide(claim.id, { status: 'APPROVED', message: 'x' })).statusCode).toBe(400);
      const before = (await s.t.app.inject({ method: 'GET', url: '/api/user/wallet', headers: s.alice.headers })).json().data
        .balance as number;
      const ok = await decide(claim.id, { status: 'APPROVED', resolution: 'CREDIT', amount: 25.5, message: 'Credited' });
      expect(ok.statusCode, ok.body).toBe(200);
      const wallet = (await s.t.app.inject({ method: 'GET', url: '/api/user/wallet', headers: s.alice.headers })).json().data;
      expect(wallet.balance).toBeCloseTo(before + 25.5, 2);
      expect(wallet.entries[0]).toMatchObject({ amount: 25.5, kind: 'CLAIM_CREDIT', reference: claimReference(claim.id) });
      expect(await mailAbout(claim.id, 'credited to your account balance')).toContain('25.50 AED');
    });

    it('rejects, and refuses any move after a final status with 409 INVALID_TRANSITION', async () => {
      const { pkg } = await delivered();
      const claim = created(await damaged({ packageId: pkg.id }));
      const rejected = await decide(claim.id, { status: 'REJECTED', message: 'Damage was recorded at receipt' });
      expect(rejected.json().data.status).toBe('REJECTED');
      const again = await decide(claim.id, { status: 'APPROVED', resolution: 'CREDIT', message: 'Changed my mind' });
      expectError(again, 409, claimMessages.invalidMove('REJECTED', 'APPROVED'), 'status');
      expectCode(again, 409, 'INVALID_TRANSITION');
      expectCode(await decide(claim.id, { status: 'NEEDS_INFO', message: 'x' }), 409, 'INVALID_TRANSITION');
    });

    it('approves a wrong weight with the corrected weight: the package is re-weighed', async () => {
      clock.set(new Date());
      const pkg = await receivePackage(s.t, s.staff, s.alice.locker);
      const claim = created(await file({ packageId: pkg.id, type: 'WRONG_WEIGHT', description: 'Lighter', amount: 0, currency: 'AED' }));
      expectError(await decide(claim.id, { status: 'APPROVED', message: 'x' }), 400, claimMessages.weightRequired, 'weight');
      const ok = await decide(claim.id, { status: 'APPROVED', weight: 1.1, message: 'Re-weighed: 1.1 kg' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.correctedWeight).toBe(1.1);
      const read = await s.t.app.inject({ method: 'GET', url: `/api/user/received-packages/${pkg.id}`, headers: s.alice.headers });
      expect((read.json().data as Package).packageWeight).toBe(1.1);
    });
  });

  describe('lists and evidence', () => {
    it("lists the customer's own claims newest first, and the staff queue oldest first by status, paged", async () => {
      const mine = await s.t.app.inject({ method: 'GET', url: '/api/user/claims?pageSize=2', headers: s.alice.headers });
      expect(mine.statusCode).toBe(200);
      const page = mine.json();
      expect(page.data).toHaveLength(2);
      expect(page.total).toBeGreaterThan(2);
      expect(page.data[0].id).toBeGreaterThan(page.data[1].id);
      const queue = await s.t.app.inject({ method: 'GET', url: '/api/staff/claims?status=OPEN&pageSize=3', headers: s.staff });
      const q = queue.json();
      expect(q.data.every((c: Claim) => c.status === 'OPEN')).toBe(true);
      expect(q.data[0]).toHaveProperty('lockerNumber');
      const whole = (await s.t.app.inject({ method: 'GET', url: '/api/staff/claims?pageSize=3', headers: s.staff })).json();
      expect(whole.data[0].id).toBeLessThan(whole.data[1].id);
      expect((await s.t.app.inject({ method: 'GET', url: '/api/staff/claims', headers: s.alice.headers })).statusCode).toBe(403);
      expectCode(await s.t.app.inject({ method: 'GET', url: '/api/staff/claims?status=DONE', headers: s.staff }), 400, 'VALIDATION_FAILED');
    });

    it('lists the claims customers answered first within the open ones, the longest waiting answer first', async () => {
      const older = created(await damaged({ packageId: (await delivered()).pkg.id }));
      const answered = created(await damaged({ packageId: (await delivered()).pkg.id }));
      expect((await decide(answered.id, { status: 'NEEDS_INFO', message: 'Which corner was dented?' })).statusCode).toBe(200);
      const reply = await s.t.app.inject({
        method: 'POST',
        url: `/api/user/claims/${answered.id}/reply`,
        headers: s.alice.headers,
        payload: { message: 'The top left one' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const read = async (status: string) =>
        (await s.t.app.inject({ method: 'GET', url: `/api/staff/claims?${status}pageSize=100`, headers: s.staff })).json().data as Claim[];
      const open = await read('status=OPEN&');
      const isAnswered = (c: Claim) => c.messages.at(-1)?.from === 'customer';
      const firstUnanswered = open.findIndex((c) => !isAnswered(c));
      expect(firstUnanswered).toBeGreaterThan(0);
      expect(open.slice(firstUnanswered).some(isAnswered)).toBe(false);
      expect(open.findIndex((c) => c.id === answered.id)).toBeLessThan(open.findIndex((c) => c.id === older.id));
      // The other views keep the order claims were filed in.
      const all = await read('');
      expect(all.map((c) => c.id)).toEqual([...all.map((c) => c.id)].sort((a, b) => a - b));
    });

    it('shows staff the receipt photos, photo requests, declaration, shipment and tracking beside the claim', async () => {
      clock.set(new Date());
      const received = await staffReceiveWithPhotos(s.t, s.staff, [{ name: 'receipt.jpg', body: await testImage() }], {
        package: JSON.stringify(receiveBody(s.alice.locker)),
      });
      expect(received.statusCode, received.body).toBe(201);
      const pkg = received.json().data as Package;
      const asked = await requestPhotos(s.t, s.alice.headers, pkg.id);
      await staffUploadPhoto(s.t, s.staff, asked.id);
      const paid = await paySinglePackage(s.t, s.alice.headers, pkg, s.aliceHome);
      const [row] = await s.t.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.shipmentId, paid.shipmentId));
      expect((await move(row?.id as number, 'Delivered')).statusCode).toBe(200);
      const claim = created(await damaged({ packageId: pkg.id }));
      const res = await s.t.app.inject({ method: 'GET', url: `/api/staff/claims/${claim.id}`, headers: s.staff });
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json().data as StaffClaimDetail;
      expect(detail.customerName).toBe('Alice Claim');
      expect(detail.evidence.packages[0]?.receiptPhotos).toHaveLength(1);
      // Where the parcel sat in the warehouse, and when it came in.
      expect(detail.evidence.packages[0]).toMatchObject({ hopboxId: pkg.hopboxId, location: 'A-01-01' });
      expect(Date.parse(detail.evidence.packages[0]?.receivedAt ?? '')).not.toBeNaN();
      // The photo requests, each with the photos staff took for it.
      expect(detail.evidence.packages[0]?.photoRequests).toMatchObject([{ id: asked.id, photos: [{ mimeType: 'image/jpeg' }] }]);
      expect(detail.evidence.packages[0]?.declaration.length).toBeGreaterThan(0);
      expect(detail.evidence.shipment).toMatchObject({ id: row?.id, status: 'Delivered', paymentStatus: 'Paid' });
      expect(detail.evidence.shipment?.deliveredAt).not.toBeNull();
      expectError(
        await s.t.app.inject({ method: 'GET', url: '/api/staff/claims/999999', headers: s.staff }),
        404,
        claimMessages.claimNotFound,
      );
    });
  });
});
