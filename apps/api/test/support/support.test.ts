import type { StaffSupportConversation, SupportConversation } from '@hopbox/contracts/support';
import { supportMessages } from '@hopbox/contracts/support';
import { describe, expect, it } from 'vitest';
import { emailChangedMail, shipmentDeliveredMail } from '../../src/providers/mail/templates.ts';
import {
  expectError,
  type Headers,
  insertShipment,
  mailText,
  multipartBody,
  receivePackage,
  testImage,
  type UploadFile,
  uploadedFiles,
  useTestApp,
} from '../helper.ts';

const SUPPORT_INBOX = 'support@hopbox.example';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('support conversations', () => {
  const s = useTestApp(async (t) => {
    const staff = (await t.userWithToken('staff')).headers;
    const customer = await t.customer();
    const other = await t.customer();
    const pkg = await receivePackage(t, staff, customer.locker, { packageContent: 'Running shoes', location: 'B-02-03' });
    const othersPkg = await receivePackage(t, staff, other.locker);
    await insertShipment(t, customer.id, { shipmentId: 'SHPSUPPORT1', shipmentStatus: 'Shipped', awb: 'AWB777' });
    const jpeg = await testImage('jpeg', { color: '#336699' });
    return { staff, customer, other, pkg, othersPkg, jpeg };
  });

  const post = (url: string, headers: Headers, payload: Record<string, unknown> = {}) =>
    s.t.app.inject({ method: 'POST', url, headers, payload });
  const get = (url: string, headers: Headers) => s.t.app.inject({ method: 'GET', url, headers });
  const start = (payload: Record<string, unknown>, headers: Headers = s.customer.headers) =>
    post('/api/user/support/conversations', headers, payload);
  async function startAbout(subject: string, body = 'Where is it?') {
    const res = await start({ subjectType: 'package', subjectRef: s.pkg.hopboxId, subject, body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as SupportConversation;
  }
  async function withFiles(url: string, field: string, json: Record<string, unknown>, files: UploadFile[], headers = s.customer.headers) {
    const form = await multipartBody(files, { [field]: JSON.stringify(json) });
    return s.t.app.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
  }
  /** The mails to `address` once there are `count` of them (they are sent in the background). */
  async function mailsOnceThere(address: string, count: number) {
    await expect.poll(() => s.t.mailsTo(address).length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
    return s.t.mailsTo(address);
  }
  const staffView = async (id: number) =>
    (await get(`/api/staff/support/conversations/${id}`, s.staff)).json().data as StaffSupportConversation;

  it('a customer writes about a package by its ID as typed; the team inbox is mailed with a link to the console', async () => {
    const before = s.t.mailsTo(SUPPORT_INBOX).length;
    const res = await start({
      subjectType: 'package',
      subjectRef: ` ${s.pkg.hopboxId.toLowerCase()} `,
      subject: 'Box looks crushed',
      body: 'The photo shows a crushed corner. Are the shoes fine?',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(supportMessages.started);
    const conversation = res.json().data as SupportConversation;
    expect(conversation).toMatchObject({
      subject: 'Box looks crushed',
      subjectType: 'package',
      subjectRef: s.pkg.hopboxId,
      status: 'WAITING_FOR_STAFF',
      messageCount: 1,
      lastMessageFrom: 'customer',
    });
    expect(conversation.messages).toEqual([
      expect.objectContaining({ from: 'customer', body: 'The photo shows a crushed corner. Are the shoes fine?', attachments: [] }),
    ]);
    const mails = await mailsOnceThere(SUPPORT_INBOX, before + 1);
    expect(mails.length).toBe(before + 1);
    const mail = mailText(mails.at(-1) as string);
    expect(mail).toContain('New support conversation: Box looks crushed');
    expect(mail).toContain(`locker ${s.customer.locker}`);
    expect(mail).toContain('Are the shoes fine?');
    expect(mail).toContain(`https://portal.hopbox.test/staff/support/${conversation.id}`);
  });

  it("another customer's package, shipment or payment reference is a 404 and starts nothing", async () => {
    const before = (await get('/api/user/support/conversations', s.customer.headers)).json().data.length;
    expectError(
      await start({ subjectType: 'package', subjectRef: s.othersPkg.hopboxId, subject: 'Mine?', body: 'Hello' }),
      404,
      'Package not found',
    );
    expectError(
      await start({ subjectType: 'shipment', subjectRef: 'SHPSUPPORT1', subject: 'x', body: 'y' }, s.other.headers),
      404,
      'Shipment not found',
    );
    expectError(await start({ subjectType: 'payment', subjectRef: 'NOPE-1', subject: 'x', body: 'y' }), 404, 'Payment not found');
    expect((await get('/api/user/support/conversations', s.customer.headers)).json().data).toHaveLength(before);
  });

  it('refuses an empty message, a missing reference, a subject too long and a NUL byte, naming the field', async () => {
    expectError(await start({ subjectType: 'general', subject: 'Hi', body: '   ' }), 400, supportMessages.bodyRequired, 'body');
    expectError(await start({ subjectType: 'shipment', subject: 'Hi', body: 'Where?' }), 400, supportMessages.refRequired, 'subjectRef');
    expectError(
      await start({ subjectType: 'general', subject: 'x'.repeat(121), body: 'Hi' }),
      400,
      supportMessages.subjectTooLong,
      'subject',
    );
    const nul = await start({ subjectType: 'general', subject: 'Hi', body: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
  });

  it("another customer's conversation answers 404 to every call, and customers cannot open the staff queue", async () => {
    const mine = await startAbout('Private question');
    const theirs = s.other.headers;
    expectError(await get(`/api/user/support/conversations/${mine.id}`, theirs), 404, supportMessages.conversationNotFound);
    expectError(
      await post(`/api/user/support/conversations/${mine.id}/messages`, theirs, { body: 'hi' }),
      404,
      supportMessages.conversationNotFound,
    );
    expectError(await post(`/api/user/support/conversations/${mine.id}/close`, theirs), 404, supportMessages.conversationNotFound);
    expect((await get('/api/user/support/conversations', theirs)).json().data.map((c: { id: number }) => c.id)).not.toContain(mine.id);
    expect((await get('/api/staff/support/conversations', s.customer.headers)).statusCode).toBe(403);
    expect((await get(`/api/staff/support/conversations/${mine.id}`, s.customer.headers)).statusCode).toBe(403);
  });

  it('staff answer: the customer is mailed the answer with a link back, and it is their turn', async () => {
    const conversation = await startAbout('Customs form', 'Do I need to declare the laces?');
    const mailsBefore = s.t.mailsTo(s.customer.email).length;
    const res = await post(`/api/staff/support/conversations/${conversation.id}/messages`, s.staff, { body: 'No, the shoes cover them.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.status).toBe('WAITING_FOR_CUSTOMER');
    const mails = await mailsOnceThere(s.customer.email, mailsBefore + 1);
    expect(mails.length).toBe(mailsBefore + 1);
    const mail = mailText(mails.at(-1) as string);
    expect(mail).toContain('Re: Customs form');
    expect(mail).toContain('No, the shoes cover them.');
    expect(mail).toContain(`https://portal.hopbox.test/support/${conversation.id}`);
    expect(mail).not.toMatch(/reply to this (mail|email)/i);

    const seen = (await get(`/api/user/support/conversations/${conversation.id}`, s.customer.headers)).json().data as SupportConversation;
    expect(seen.status).toBe('WAITING_FOR_CUSTOMER');
    expect(seen.messages.map((m) => [m.from, m.body])).toEqual([
      ['customer', 'Do I need to declare the laces?'],
      ['staff', 'No, the shoes cover them.'],
    ]);
    // The customer reads the staff member's first name only.
    expect(seen.messages[1]?.authorName).not.toContain(' ');

    const inboxBefore = (await mailsOnceThere(SUPPORT_INBOX, 1)).length;
    const back = await post(`/api/user/support/conversations/${conversation.id}/messages`, s.customer.headers, { body: 'Thanks!' });
    expect(back.json().data.status).toBe('WAITING_FOR_STAFF');
    expect(mailText((await mailsOnceThere(SUPPORT_INBOX, inboxBefore + 1)).at(-1) as string)).toContain('wrote: Customs form');
  });

  it('the queue lists what waits for an answer first, the longest wait first, with the customer and the package beside it', async () => {
    const first = await startAbout('Queue first');
    const second = await startAbout('Queue second');
    const answered = await startAbout('Queue answered');
    await post(`/api/staff/support/conversations/${answered.id}/messages`, s.staff, { body: 'Done' });
    const queue = (await get('/api/staff/support/conversations?view=open&pageSize=100', s.staff)).json();
    const ids: number[] = queue.data.map((c: { id: number }) => c.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(answered.id));
    const waiting = queue.data.filter((c: { status: string }) => c.status === 'WAITING_FOR_STAFF').length;
    expect(queue.data.slice(0, waiting).every((c: { status: string }) => c.status === 'WAITING_FOR_STAFF')).toBe(true);
    expect(queue.data.find((c: { id: number }) => c.id === first.id)).toMatchObject({
      customerName: `${s.customer.firstName} ${s.customer.lastName}`,
      lockerNumber: s.customer.locker,
    });
    const unanswered = (await get('/api/staff/support/conversations?view=unanswered', s.staff)).json();
    expect(unanswered.data.map((c: { id: number }) => c.id)).not.toContain(answered.id);

    const view = await staffView(first.id);
    expect(view.context.customer).toMatchObject({ email: s.customer.email, lockerNumber: s.customer.locker });
    expect(view.context.subject?.title).toBe(`Package ${s.pkg.hopboxId}: Running shoes`);
    expect(view.context.subject?.facts).toContainEqual({ label: 'Location', value: 'B-02-03' });
    expect(view.context.subject?.consolePath).toBe(`/staff/packages?q=${s.pkg.hopboxId}`);
  });

  it('a shipment by its ID: staff see its status and AWB', async () => {
    const res = await start({ subjectType: 'shipment', subjectRef: 'shpsupport1', subject: 'Stuck in transit', body: 'No move for days' });
    expect(res.statusCode, res.body).toBe(201);
    const view = await staffView(res.json().data.id);
    expect(view.context.subject?.facts).toEqual(
      expect.arrayContaining([
        { label: 'Status', value: 'Shipped' },
        { label: 'AWB', value: 'AWB777' },
      ]),
    );
  });

  it("a claim by its reference: staff see its type, status and amount beside the conversation; another customer's is a 404", async () => {
    const filed = await post('/api/user/claims', s.customer.headers, {
      packageId: s.pkg.id,
      type: 'WRONG_WEIGHT',
      description: 'The shoes weigh 0.9 kg, not 1.75',
      amount: 0,
      currency: 'AED',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const claimId = filed.json().data.id as number;
    const ref = `CLM${String(claimId).padStart(6, '0')}`;
    expectError(
      await start({ subjectType: 'claim', subjectRef: ref, subject: 'Mine?', body: 'Hello' }, s.other.headers),
      404,
      'Claim not found',
    );
    expectError(await start({ subjectType: 'claim', subjectRef: 'CLMX1', subject: 'x', body: 'y' }), 404, 'Claim not found');
    const res = await start({ subjectType: 'claim', subjectRef: ` ${ref.toLowerCase()} `, subject: 'About my claim', body: 'Any news?' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ subjectType: 'claim', subjectRef: ref });
    const view = await staffView(res.json().data.id);
    expect(view.context.subject).toMatchObject({
      title: `Claim ${ref}: Wrong weight`,
      consolePath: `/staff/claims/${claimId}`,
    });
    expect(view.context.subject?.facts).toEqual(expect.arrayContaining([{ label: 'Status', value: 'Open' }]));
  });

  it('closing: once (the second is a 409); whoever writes again opens it', async () => {
    const conversation = await startAbout('Settled soon');
    const closed = await post(`/api/staff/support/conversations/${conversation.id}/close`, s.staff);
    expect(closed.json().data.status).toBe('CLOSED');
    expectError(
      await post(`/api/user/support/conversations/${conversation.id}/close`, s.customer.headers),
      409,
      supportMessages.alreadyClosed,
    );
    const again = await post(`/api/user/support/conversations/${conversation.id}/messages`, s.customer.headers, { body: 'One more thing' });
    expect(again.json().data.status).toBe('WAITING_FOR_STAFF');
  });

  it('twenty messages at once are all kept, in one conversation that ends waiting for staff', async () => {
    const conversation = await startAbout('Many at once');
    await post(`/api/staff/support/conversations/${conversation.id}/messages`, s.staff, { body: 'Yes?' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(`/api/user/support/conversations/${conversation.id}/messages`, s.customer.headers, { body: `Line ${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const seen = (await get(`/api/user/support/conversations/${conversation.id}`, s.customer.headers)).json().data as SupportConversation;
    expect(seen.messageCount).toBe(22);
    expect(seen.status).toBe('WAITING_FOR_STAFF');
  });

  it('files: a photo and a PDF come with a message; the customer and staff open them, another customer gets 404', async () => {
    const res = await withFiles(
      '/api/user/support/conversations',
      'conversation',
      { subjectType: 'general', subject: 'Invoice for customs', body: 'Here it is, with a photo.' },
      [
        { name: 'invoice.pdf', body: PDF, type: 'application/pdf' },
        { name: 'label.jpg', body: s.jpeg },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    const [message] = (res.json().data as SupportConversation).messages;
    const files = message?.attachments ?? [];
    expect(files.map((f) => [f.fileName, f.mimeType])).toEqual([
      ['invoice.pdf', 'application/pdf'],
      ['label.jpg', 'image/jpeg'],
    ]);
    const pdf = files[0] as (typeof files)[number];
    const photo = files[1] as (typeof files)[number];
    expect(pdf.thumbnailUrl).toBeNull();
    const own = await get(pdf.url, s.customer.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(photo.thumbnailUrl as string, s.staff)).headers['content-type']).toBe('image/webp');
    expectError(await get(photo.url, s.other.headers), 404, supportMessages.fileNotFound);

    // Staff answer with a file too.
    const answer = await withFiles(
      `/api/staff/support/conversations/${res.json().data.id}/messages`,
      'message',
      { body: 'Thanks, see the stamp.' },
      [{ name: 'stamp.jpg', body: s.jpeg }],
      s.staff,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect((answer.json().data as StaffSupportConversation).messages[1]?.attachments).toHaveLength(1);
  });

  it('a file that is neither an image nor a PDF is refused, and nothing is stored', async () => {
    const filesBefore = uploadedFiles(s.t);
    const conversationsBefore = (await get('/api/user/support/conversations', s.customer.headers)).json().data.length;
    const res = await withFiles(
      '/api/user/support/conversations',
      'conversation',
      { subjectType: 'general', subject: 'A script', body: 'Look' },
      [
        { name: 'label.jpg', body: s.jpeg },
        { name: 'notes.html', body: Buffer.from('<script>alert(1)</script>'), type: 'text/html' },
      ],
    );
    expectError(res, 415, supportMessages.notAFile, 'files');
    expect(uploadedFiles(s.t)).toEqual(filesBefore);
    expect((await get('/api/user/support/conversations', s.customer.headers)).json().data).toHaveLength(conversationsBefore);
  });

  it('the delivered mail leads to a conversation about the shipment, and no mail asks for a reply to a no-reply address', () => {
    const brand = { brandName: 'Hopbox', publicUrl: 'https://portal.hopbox.test', supportEmail: SUPPORT_INBOX };
    const delivered = shipmentDeliveredMail(brand, 'a@b.test', 'Amal', { shipmentId: 'SHP42', awb: 'AWB1', carrier: null });
    expect(delivered.text).toContain('https://portal.hopbox.test/support?about=shipment&ref=SHP42');
    expect(delivered.text).toContain('within 7 days');
    const changed = emailChangedMail(brand, 'old@b.test', 'Amal', 'new@b.test');
    expect(changed.text).toContain(`write at once to ${SUPPORT_INBOX}`);
    for (const mail of [delivered, changed]) expect(mail.text).not.toMatch(/reply to this (mail|email)/i);
  });
});
