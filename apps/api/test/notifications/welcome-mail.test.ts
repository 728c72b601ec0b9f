import { messages } from '@hopbox/contracts/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages, users } from '../../src/db/schema.ts';
import { expectError, signUp, signUpBody, useTestApp } from '../helper.ts';
import { readMail } from './mime.ts';

const PORTAL = 'https://portal.hopbox.test';

/**
 * Issue "Nothing lost between the customer and the shelf", sign-up's welcome (decision 057): the new customer is
 * mailed their locker number and each active warehouse's address as a shop's checkout asks for it, their full name
 * first; a sign-up that is refused writes no account and no mail.
 */
describe('the welcome mail of sign-up', () => {
  const s = useTestApp({ PUBLIC_URL: PORTAL }, async (t) => {
    const admin = (await t.userWithToken('admin')).headers;
    const host = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/hosts', headers: admin, payload });
    for (const payload of [
      {
        name: 'Hopbox New Jersey',
        code: 'NJ-WEL',
        address: '145 Dock Street, Unit 4',
        city: 'Jersey City',
        country: 'United States of America',
        postalCode: 'NJ 07302',
        phone: '+12015550142',
      },
      {
        name: 'Hopbox London',
        code: 'LON-WEL',
        address: '12 Heathrow Park',
        city: 'Hounslow',
        country: 'United Kingdom',
        postalCode: 'TW6 2AB',
      },
      { name: 'Hopbox Closed', code: 'OLD-WEL', address: '1 Shut Lane', city: 'Nowhere', country: 'United Kingdom', active: false },
    ]) {
      const res = await host(payload);
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    return {};
  });

  const mailsOfKind = (kind: string) => s.t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind));

  it("mails the locker number and each active warehouse's address, the customer's name first, and links to the portal", async () => {
    const body = { ...signUpBody(), firstName: 'Nadia', lastName: 'Newcomer' };
    const res = await signUp(s.t, body);
    expect(res.statusCode, res.body).toBe(201);
    const locker = res.json().user.lockerNumber as string;

    const [raw] = await waitForMailTo(body.email);
    const mail = readMail(raw ?? '');
    expect(mail.subject).toBe(`Welcome to Hopbox: your locker ${locker}`);
    expect(mail.text).toContain('Hello Nadia,');
    expect(mail.text).toContain(`your personal locker number is ${locker}`);
    // Each active warehouse, in the dashboard's order of fields, the full name first; no inactive one.
    const warehouses = [
      [
        'Hopbox New Jersey',
        'Full name: Nadia Newcomer',
        `Address line 1: 145 Dock Street, Locker ${locker}`,
        'Address line 2: Unit 4',
        'City: Jersey City',
        'State / Region: NJ',
        'Postal code: 07302',
        'Country: United States of America',
        'Phone: +12015550142',
      ],
      [
        'Hopbox London',
        'Full name: Nadia Newcomer',
        `Address line 1: 12 Heathrow Park, Locker ${locker}`,
        'City: Hounslow',
        'Postal code: TW6 2AB',
        'Country: United Kingdom',
      ],
    ];
    for (const lines of warehouses) expect(mail.text).toContain(lines.join('\n'));
    expect(mail.text).not.toContain('Hopbox Closed');
    expect(mail.text).toContain(`Open your dashboard: ${PORTAL}/dashboard`);
    // The HTML part carries the same lines, the name before the street.
    const jersey = mail.html.slice(mail.html.indexOf('Hopbox New Jersey'));
    expect(jersey.indexOf('Nadia Newcomer')).toBeGreaterThan(0);
    expect(jersey.indexOf(`145 Dock Street, Locker ${locker}`)).toBeGreaterThan(jersey.indexOf('Nadia Newcomer'));
    expect(mail.html).toContain(`href="${PORTAL}/dashboard"`);
  });

  it('a refused sign-up (an email already taken, a number of no country) writes no account and no mail', async () => {
    const before = (await mailsOfKind('welcome')).length;
    const first = signUpBody();
    expect((await signUp(s.t, first)).statusCode).toBe(201);
    const taken = await signUp(s.t, { ...signUpBody(), email: first.email.toUpperCase() });
    expectError(taken, 409, messages.auth.emailTaken, 'email');
    const badPhone = { ...signUpBody(), phoneNumber: '0123' };
    expect((await signUp(s.t, badPhone)).statusCode).toBe(400);

    const welcomes = await mailsOfKind('welcome');
    expect(welcomes.map((m) => m.toAddress).slice(before)).toEqual([first.email]);
    expect(s.t.mailsTo(badPhone.email)).toEqual([]);
    expect(await s.t.db.select().from(users).where(eq(users.email, badPhone.email))).toEqual([]);
  });

  async function waitForMailTo(email: string) {
    const until = Date.now() + 5000;
    while (s.t.mailsTo(email).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    return s.t.mailsTo(email);
  }
});
