import { describe, expect, it } from 'vitest';
import { claimAnsweredMail } from '../../src/modules/notifications/claim-mail.ts';
import { paymentRefundedMail } from '../../src/modules/notifications/refund-mail.ts';
import { storageEndingMail } from '../../src/modules/notifications/storage-ending-mail.ts';
import { welcomeMail } from '../../src/modules/notifications/welcome-mail.ts';
import type { MailMessage } from '../../src/providers/mail/mailer.ts';
import * as templates from '../../src/providers/mail/templates.ts';

const brand = { brandName: 'Hopbox', publicUrl: 'https://portal.hopbox.test' };
const LONG = `https://portal.hopbox.test/reset-password?token=${'x'.repeat(120)}`;

const pkg = {
  hopboxId: 'HBX1000123',
  shipper: 'Zara Spain',
  packageContent: 'Winter coat',
  origin: 'Spain',
  packageWeight: 2.5,
  totalPrice: 149.9,
  currency: 'USD',
  receivedDate: '2026-11-24T10:05:00.000Z',
};

/** Every mail the app sends, with long values where a value can be long. */
const mails: [string, MailMessage][] = [
  ['reset password', templates.resetPasswordMail(brand, 'a@b.test', 'Layla', LONG, 30)],
  ['password changed', templates.passwordChangedMail(brand, 'a@b.test', 'Layla')],
  ['email changed', templates.emailChangedMail(brand, 'a@b.test', 'Layla', `${'very-long-local-part'.repeat(4)}@example.test`)],
  ['package received', templates.packageReceivedMail(brand, 'a@b.test', 'Layla', pkg, { attached: 2, total: 2 })],
  ['photos ready', templates.photosReadyMail(brand, 'a@b.test', 'Layla', 'HBX1000123', 2)],
  [
    'payment receipt',
    templates.shipmentPaidMail(brand, 'a@b.test', 'Layla', {
      shipmentIds: ['HBS1000001'],
      order: {
        kind: 'single',
        items: [{ ref: 'HBX1000123', description: 'Winter coat', weightKg: 2.5 }],
        destination: `${'Sheikh Mohammed bin Rashid Boulevard '.repeat(3)}, Dubai, United Arab Emirates`,
        priceLines: [{ label: 'Shipping 1 package, 2.5 kg, to United Arab Emirates', amount: 320.32 }],
        total: 320.32,
        currency: 'AED',
        reference: `sbx-${'0123456789abcdef'.repeat(2)}`,
        terms: [
          'Carrier: DHL Express Worldwide, 2 business days.',
          'Estimated import duties and taxes: 1,234.56 AED, payable to the carrier at delivery. Prepay them to avoid paying at the door.',
        ],
      },
    }),
  ],
  [
    'shipment shipped',
    templates.shipmentShippedMail(brand, 'a@b.test', 'Layla', { shipmentId: 'HBS1000001', awb: 'AWB-7781-2290', carrier: 'c3x' }),
  ],
  [
    'shipment delivered',
    templates.shipmentDeliveredMail(brand, 'a@b.test', 'Layla', {
      shipmentId: 'HBS1000001',
      awb: 'AWB-7781-2290',
      carrier: 'sandbox',
      event: { at: new Date('2026-11-20T10:15:00Z'), location: 'Dubai, United Arab Emirates' },
    }),
  ],
  [
    'consolidation ready',
    templates.consolidationReadyMail(brand, 'a@b.test', 'Layla', {
      shipmentId: 'HBS1000002',
      amount: 410,
      currency: 'AED',
      lines: [
        { label: 'Shipping', amount: 394 },
        { label: 'Storage fees (2 packages, 8 days)', amount: 16 },
      ],
      pricedAt: new Date('2026-11-24T10:05:00Z'),
      heldUntil: new Date('2026-11-24T10:35:00Z'),
      packedWeight: 7.5,
      packedSize: '60 × 40 × 40',
      payUrl: 'https://portal.hopbox.test/shipments-progress?pay=HBS1000002',
      choice:
        'The price is for Hopbox Sandbox Economy (5–10 business days), the cheapest of 2 options; you can choose another carrier when you pay. Estimated import duties and taxes: 56.82 AED, payable to the carrier at delivery. Prepay them to avoid paying at the door.',
    }),
  ],
  [
    'storage ending',
    storageEndingMail(brand, 'a@b.test', 'Layla', [
      { hopboxId: 'HBX1000123', packageContent: 'Winter coat', freeUntil: new Date('2026-12-01T10:05:00Z'), feePerDay: 2 },
      {
        hopboxId: 'HBX1000124',
        packageContent: `${'Wireless noise-cancelling headphones '.repeat(4)}`,
        freeUntil: new Date('2026-12-06T08:00:00Z'),
        feePerDay: 12.5,
      },
    ]),
  ],
  [
    'payment refunded',
    paymentRefundedMail(brand, 'a@b.test', 'Layla', {
      amount: 1250.5,
      currency: 'AED',
      reason: `${'The consolidation was re-weighed after payment and the difference is refunded. '.repeat(4)}`,
      orderRef: `ord-${'7f3a9c21'.repeat(4)}`,
      paid: 2917.6,
      refundedTotal: 1250.5,
      shipmentIds: ['SHP500003', 'SHP500004'],
      at: new Date('2026-11-24T10:05:00Z'),
    }),
  ],
  [
    'claim answered',
    claimAnsweredMail(brand, 'support@hopbox.test', {
      id: 12,
      reference: 'CLM000012',
      about: 'HBX1000123',
      body: `The corner of the box was crushed; ${'the lamp base has a long crack along it. '.repeat(60)}`,
      photos: 3,
      customer: { name: `Layla ${'Abdulrahman-Al-Mansouri '.repeat(3)}`, email: 'a@b.test', lockerNumber: 'HB100042' },
    }),
  ],
  [
    'welcome',
    welcomeMail(brand, 'a@b.test', 'Layla', { fullName: `Layla ${'Abdulrahman-Al-Mansouri '.repeat(3)}`, lockerNumber: 'HB100042' }, [
      {
        name: 'Hopbox New Jersey',
        address: `${'145 Dock Street Industrial Estate '.repeat(3)}, Unit 4`,
        city: 'Jersey City',
        country: 'United States of America',
        postalCode: 'NJ 07302',
        phone: '+12015550142',
      },
    ]),
  ],
];

/** The opening tags of an HTML document, with their attributes (a small scanner: mail HTML has no scripts or comments). */
function tags(html: string) {
  return [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)].map(([, name, rest]) => {
    const attributes = Object.fromEntries(
      [...(rest ?? '').matchAll(/([a-z-]+)="([^"]*)"/gi)].map(([, key, value]) => [(key ?? '').toLowerCase(), value ?? '']),
    );
    return { name: (name ?? '').toLowerCase(), attributes };
  });
}

/** Fixed widths a 375 px screen cannot hold: a width attribute or a CSS width (not max-width) in px over 375. */
function fixedWidthsOver(html: string, limit: number) {
  const found: string[] = [];
  for (const tag of tags(html)) {
    const width = tag.attributes.width;
    if (width && /^\d+$/.test(width) && Number(width) > limit) found.push(`<${tag.name} width="${width}">`);
    for (const [, px] of (tag.attributes.style ?? '').matchAll(/(?:^|;)\s*(?:min-)?width\s*:\s*(\d+)px/gi)) {
      if (Number(px) > limit) found.push(`<${tag.name} style="…width:${px}px">`);
    }
  }
  return found;
}

describe('mail layout: fluid on a phone, light and dark', () => {
  it.each(mails)('%s: no fixed width over 375 px; the card is fluid up to 560 px', (_name, mail) => {
    expect(fixedWidthsOver(mail.html, 375)).toEqual([]);
    const tables = tags(mail.html).filter((t) => t.name === 'table');
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) expect(table.attributes.width).toBe('100%');
    expect(tables.some((t) => /max-width:560px/.test(t.attributes.style ?? ''))).toBe(true);
  });

  it.each(mails)('%s: images shrink and long words wrap', (_name, mail) => {
    for (const img of tags(mail.html).filter((t) => t.name === 'img')) {
      expect(img.attributes.style).toMatch(/max-width:\s*\d+px|max-width:100%/);
      expect(img.attributes.style).toMatch(/width:100%/);
    }
    expect(mail.html).toMatch(/overflow-wrap:anywhere/);
  });

  it.each(
    mails,
  )('%s: supports dark mode (color-scheme meta, a prefers-color-scheme: dark style) with light colours inline', (_name, mail) => {
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toMatch(/@media \(prefers-color-scheme:dark\)\{[\s\S]*?\.hb-card\{background:#0f172a !important/);
    expect(mail.html).toMatch(/<body class="hb-page" style="[^"]*background:#f3f4f6/);
    expect(mail.html).toMatch(/class="hb-card"[^>]*style="[^"]*background:#ffffff/);
  });

  it('the consolidation-ready mail keeps its content in the fluid frame', () => {
    const mail = mails.find(([name]) => name === 'consolidation ready')?.[1] as MailMessage;
    expect(mail.subject).toBe('Consolidation HBS1000002 is packed: 410.00 AED to ship it');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('We have packed your consolidation HBS1000002 into one box: 7.5 kg, 60 × 40 × 40 cm.');
      expect(body).toContain('Shipping it costs 410.00 AED as of 24 Nov 2026, 10:05 UTC, priced from the packed box:');
      expect(body).toContain('Storage fees (2 packages, 8 days)');
      expect(body).toContain('This is the price at checkout until 24 Nov 2026, 10:35 UTC.');
      expect(body).toContain('the cheapest of 2 options; you can choose another carrier when you pay.');
    }
  });

  it('the receipt of consolidations lists each one (shipment, weight) with its own price line', () => {
    const mail = templates.shipmentPaidMail(brand, 'a@b.test', 'Layla', {
      shipmentIds: ['HBS1000002', 'HBS1000003'],
      order: {
        kind: 'consolidation',
        items: [
          { ref: 'HBS1000002', description: 'Consolidation of 3 packages', weightKg: 7.5 },
          { ref: 'HBS1000003', description: 'Consolidation of 2 packages', weightKg: 4 },
        ],
        destination: '12 Palm Street, Dubai, United Arab Emirates',
        priceLines: [
          { label: 'Shipment HBS1000002 (7.5 kg)', amount: 410 },
          { label: 'Shipment HBS1000003 (4 kg)', amount: 220.5 },
        ],
        total: 630.5,
        currency: 'AED',
        reference: 'sbx-42',
        terms: [
          'HBS1000002: Carrier: Hopbox Sandbox Economy, 3–6 business days.',
          'HBS1000002: Import duties and taxes of 98.40 AED are prepaid: nothing more to pay at the door.',
        ],
      },
    });
    expect(mail.subject).toBe('Payment received: 630.50 AED');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Delivery');
      expect(body).toContain(
        'HBS1000002: Carrier: Hopbox Sandbox Economy, 3–6 business days. HBS1000002: Import duties and taxes of 98.40 AED are prepaid: nothing more to pay at the door.',
      );
    }
    expect(mail.text).toContain(
      'Consolidations\n- HBS1000002 · Consolidation of 3 packages · 7.5 kg\n- HBS1000003 · Consolidation of 2 packages · 4 kg',
    );
    expect(mail.text).toContain(
      'Destination: 12 Palm Street, Dubai, United Arab Emirates\n\nShipment HBS1000002 (7.5 kg): 410.00 AED\nShipment HBS1000003 (4 kg): 220.50 AED\nTotal paid: 630.50 AED',
    );
    expect(mail.text).toContain('Payment reference: sbx-42. Keep it for your records');
    expect(mail.html).toContain('Consolidation of 3 packages');
  });

  it('writes every amount in the one money format, thousands grouped', () => {
    const mail = templates.consolidationReadyMail(brand, 'a@b.test', 'Layla', {
      shipmentId: 'HBS1000004',
      amount: 1234.5,
      currency: 'AED',
      lines: [{ label: 'Shipping', amount: 1234.5 }],
      pricedAt: new Date('2026-11-24T10:05:00Z'),
      heldUntil: new Date('2026-11-24T10:35:00Z'),
      packedWeight: 40,
      packedSize: '80 × 60 × 60',
      payUrl: 'https://portal.hopbox.test/shipments-progress?pay=HBS1000004',
    });
    expect(mail.subject).toBe('Consolidation HBS1000004 is packed: 1,234.50 AED to ship it');
    expect(mail.text).toContain('Pay 1,234.50 AED: https://portal.hopbox.test/shipments-progress?pay=HBS1000004');
    const received = templates.packageReceivedMail(brand, 'a@b.test', 'Layla', { ...pkg, totalPrice: 2500 });
    expect(received.text).toContain('Declared value: 2,500.00 USD');
  });

  it('writes a time in the business time zone and names the zone, UTC when none is configured', () => {
    expect(templates.packageReceivedMail(brand, 'a@b.test', 'Layla', pkg).text).toContain('Received: 24 Nov 2026, 10:05 UTC');
    const dubai = templates.packageReceivedMail({ ...brand, timeZone: 'Asia/Dubai' }, 'a@b.test', 'Layla', pkg);
    expect(dubai.text).toContain('Received: 24 Nov 2026, 14:05 GST');
    expect(dubai.html).toContain('24 Nov 2026, 14:05 GST');
  });

  it('tells a refund: the amount, the reason as given, what is refunded in all and what stays paid', () => {
    const partly = paymentRefundedMail(brand, 'a@b.test', 'Layla', {
      amount: 20.5,
      currency: 'AED',
      reason: 'Storage fee <charged> twice',
      orderRef: 'ord-1',
      paid: 320.32,
      refundedTotal: 45.5,
      shipmentIds: ['SHP500003'],
      at: new Date('2026-11-24T10:05:00Z'),
    });
    expect(partly.subject).toBe('Refund of 20.50 AED');
    expect(partly.text).toContain('We have refunded 20.50 AED of your payment ord-1 for shipment SHP500003.');
    expect(partly.text).toContain('Reason: Storage fee <charged> twice');
    expect(partly.html).toContain('Storage fee &lt;charged&gt; twice');
    expect(partly.text).toContain('Refunded in all: 45.50 AED');
    expect(partly.text).toContain('The rest of the payment, 274.82 AED, stays paid.');
    const whole = paymentRefundedMail(brand, 'a@b.test', 'Layla', {
      amount: 320.32,
      currency: 'AED',
      reason: 'Paid twice',
      orderRef: 'ord-2',
      paid: 320.32,
      refundedTotal: 320.32,
      shipmentIds: [],
      at: new Date('2026-11-24T10:05:00Z'),
    });
    expect(whole.text).toContain('We have refunded 320.32 AED of your payment ord-2.');
    expect(whole.text).toContain('The whole payment has been refunded.');
  });

  it('escapes every value it shows', () => {
    const mail = templates.packageReceivedMail(brand, 'a@b.test', '<b>Eve</b>', {
      ...pkg,
      packageContent: '"><img src=x onerror=alert(1)>',
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });
});
