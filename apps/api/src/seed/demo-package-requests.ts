import { countryName } from '@hopbox/contracts/countries';
import { toMinor } from '@hopbox/contracts/money';
import { DEFAULT_PACKAGE_REQUEST_FEES } from '@hopbox/contracts/package-requests';
import type { Package } from '@hopbox/contracts/packages';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Executor } from '../db/client.ts';
import { attachments, claims, packageRequestPhotos, packageRequests, packages, payments, sandboxOrders, shipments } from '../db/schema.ts';
import { insertPackage } from '../modules/packages/packages-repository.ts';
import { activeHostIdForCountry } from '../modules/shipments/shipments-repository.ts';
import { adjust } from '../modules/wallet/wallet-repository.ts';
import { makeThumbnail } from '../providers/storage/images.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { parcelPhoto, storeParcelPhoto } from './demo-packages.ts';

const DAY = 86_400_000;
/** The demo customer's account balance, in fils: 25.00 AED. */
export const DEMO_BALANCE_MINOR = 2500;

/** A retailer's prepaid return label, as a customer would upload it: one page, 4 × 6 inches. */
async function returnLabelPdf(lines: readonly string[]) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([288, 432]);
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 24, y: 396 - i * 22, size: i === 0 ? 16 : 11, font });
  });
  return Buffer.from(await doc.save());
}

/** A photo staff took of a request's package before the work (decision 069): the demo's generated parcel image. */
async function beforePhoto(tx: Executor, storage: Storage, staffId: number, requestId: number, pkg: { hopboxId: string; content: string }) {
  const body = await parcelPhoto(pkg.hopboxId, pkg.content, -6);
  const key = `package-requests/seed-${pkg.hopboxId}-before.jpg`;
  const thumbKey = `package-requests/thumb-seed-${pkg.hopboxId}-before.webp`;
  await storage.put(key, body, 'image/jpeg');
  await storage.put(thumbKey, await makeThumbnail(body), 'image/webp');
  await tx.insert(packageRequestPhotos).values({
    requestId,
    phase: 'BEFORE',
    fileName: `${pkg.hopboxId}-before.jpg`,
    mimeType: 'image/jpeg',
    fileSize: body.length,
    storageKey: key,
    thumbnailKey: thumbKey,
    uploadedBy: staffId,
  });
}

/**
 * The return's fee, paid by card in the sandbox before the warehouse acted (decision 068): the provider's order, the
 * captured payment of kind `request`, and the request marked paid by it.
 */
async function paidReturnFee(tx: Executor, customerId: number, requestId: number, at: Date) {
  const reference = 'demo-zappos-return-fee';
  const fee = DEFAULT_PACKAGE_REQUEST_FEES.RETURN_TO_SENDER.toFixed(2);
  await tx.insert(sandboxOrders).values({
    reference,
    merchantReference: `HB-R-${reference}`,
    amountMinor: toMinor(fee),
    currency: 'AED',
    redirectUrl: '/user/request-payment-callback',
    state: 'CAPTURED',
    createdAt: at,
  });
  const [payment] = await tx
    .insert(payments)
    .values({
      userId: customerId,
      kind: 'request',
      provider: 'sandbox',
      orderRef: reference,
      merchantReference: `HB-R-${reference}`,
      amount: fee,
      currency: 'AED',
      status: 'CAPTURED',
      packageRequestId: requestId,
      pendingShipment: { kind: 'request', requestId, amount: Number(fee), currency: 'AED' },
      paymentUrl: `/payments/sandbox/${reference}`,
      createdAt: at,
      capturedAt: at,
      finalizedAt: at,
    })
    .returning({ id: payments.id });
  if (payment) await tx.update(packageRequests).set({ paidAt: at, paymentId: payment.id }).where(eq(packageRequests.id, requestId));
}

/**
 * Issue "When it goes wrong", demo data (decisions 061, 063): the demo customer asked for the coffee machine's
 * oversized box to be repacked, which the warehouse is doing (so it cannot ship until done; staff photographed the box
 * before), sent back a pair of sneakers in the wrong size with the retailer's label (photographed before, done, the
 * package out of the locker and in the customer's history; its fee paid by card before the warehouse acted), has a
 * small account balance, a goodwill credit staff gave for a late delivery, and an open claim for the
 * delivered headphones' cracked case.
 */
export async function seedDemoPackageRequests(
  tx: Executor,
  storage: Storage,
  customer: { id: number; lockerNumber: string },
  staffId: number,
  received: readonly Package[],
) {
  const now = Date.now();
  const coffeeMachine = received.find((p) => p.packageContent === 'Coffee machine');
  if (coffeeMachine) {
    const [repack] = await tx
      .insert(packageRequests)
      .values({
        packageId: coffeeMachine.id,
        userId: customer.id,
        hostId: await activeHostIdForCountry(tx, coffeeMachine.origin),
        type: 'REPACK',
        status: 'IN_PROGRESS',
        notes: 'The box is twice the size of the machine: please repack it to save weight.',
        fee: DEFAULT_PACKAGE_REQUEST_FEES.REPACK.toFixed(2),
        staffNotes: 'Moving it to a 35 × 30 × 35 cm box.',
        handledBy: staffId,
        createdAt: new Date(now - 2 * DAY),
      })
      .returning({ id: packageRequests.id });
    if (repack)
      await beforePhoto(tx, storage, staffId, repack.id, { hopboxId: coffeeMachine.hopboxId, content: coffeeMachine.packageContent });
  }

  const origin = countryName('US') ?? 'United States of America';
  const sneakers = await insertPackage(
    tx,
    {
      userId: customer.id,
      lockerNumber: customer.lockerNumber,
      shipper: 'Zappos',
      packageContent: 'Sneakers (wrong size)',
      origin,
      externalTrackingNumber: '1Z 4F2 9E0 03 1234 5678',
      quantity: 1,
      unitPrice: '110.00',
      totalPrice: '110.00',
      currency: 'USD',
      packageWeight: '1.4',
      unitWeight: '1.4',
      packageLength: '36',
      packageBreadth: '24',
      packageHeight: '14',
      receivedDate: new Date(now - 16 * DAY),
      receivedBy: staffId,
      location: 'A-02-03',
    },
    new Date(now - 16 * DAY),
  );
  const label = await returnLabelPdf(['ZAPPOS RETURNS', 'Prepaid return label', 'RMA 7731-2290', `From: ${customer.lockerNumber}`]);
  const labelKey = `return-labels/demo-${sneakers.hopboxId}.pdf`;
  await storage.put(labelKey, label, 'application/pdf');
  const returnedAt = new Date(now - 9 * DAY);
  const askedAt = new Date(now - 11 * DAY);
  const [returned] = await tx
    .insert(packageRequests)
    .values({
      packageId: sneakers.id,
      userId: customer.id,
      hostId: await activeHostIdForCountry(tx, origin),
      type: 'RETURN_TO_SENDER',
      status: 'DONE',
      notes: 'Wrong size: Zappos sent a prepaid label for the return.',
      fee: DEFAULT_PACKAGE_REQUEST_FEES.RETURN_TO_SENDER.toFixed(2),
      labelKey,
      labelName: 'zappos-return-label.pdf',
      labelMimeType: 'application/pdf',
      labelSize: label.length,
      result: { carrier: 'UPS', trackingNumber: '1Z 4F2 9E0 90 8765 4321' },
      staffNotes: 'Dropped off at UPS with the retailer’s label.',
      handledBy: staffId,
      createdAt: askedAt,
      updatedAt: returnedAt,
    })
    .returning({ id: packageRequests.id });
  if (returned) {
    await beforePhoto(tx, storage, staffId, returned.id, { hopboxId: sneakers.hopboxId, content: sneakers.packageContent });
    await paidReturnFee(tx, customer.id, returned.id, new Date(askedAt.getTime() + 12 * 60_000));
  }
  await tx.update(packages).set({ leftAt: returnedAt, leftAs: 'RETURNED' }).where(eq(packages.id, sneakers.id));
  await adjust(tx, customer.id, DEMO_BALANCE_MINOR, staffId, 'Goodwill credit: the bed linen shipment arrived three days late');

  // The delivered headphones came with a cracked case: a damaged claim, open, waiting for staff (decision 065).
  const [headphones] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.paymentReference, 'demo-wireless-headphones'))
    .limit(1);
  if (headphones) {
    // Staff photographed the box as it came in, unbroken: the evidence the claim is decided beside.
    const [boxed] = await tx.select().from(packages).where(eq(packages.shipmentId, headphones.id)).limit(1);
    for (let n = 0; boxed && n < 2; n++) {
      const photo = await storeParcelPhoto(storage, boxed, `photos/package-${boxed.id}`, n);
      await tx.insert(attachments).values({ packageId: boxed.id, ...photo, uploadedBy: staffId, createdAt: boxed.receivedDate });
    }
    await tx.insert(claims).values({
      userId: customer.id,
      shipmentId: headphones.id,
      type: 'DAMAGED',
      description: 'The headphones arrived with their charging case cracked; the box was dented on one corner.',
      amountMinor: 15_000,
      currency: 'AED',
      createdAt: new Date(now - DAY),
    });
  }
}
