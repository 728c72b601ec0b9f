import { countryName } from '@hopbox/contracts/countries';
import { shareOf, toMajor, toMinor } from '@hopbox/contracts/money';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '../db/client.ts';
import { attachments, photoRequests } from '../db/schema.ts';
import { escapeHtml } from '../lib/html.ts';
import { insertPackage } from '../modules/packages/packages-repository.ts';
import { makeThumbnail } from '../providers/storage/images.ts';
import type { Storage } from '../providers/storage/storage.ts';

/** Origins by the names the country list uses, so the packages can be priced and shipped. */
const ORIGINS = { us: countryName('US') ?? '', uk: countryName('GB') ?? '', cn: countryName('CN') ?? '' };

/**
 * About 25 believable arrivals over the last seven weeks, from three origins. Storage (issue "Declare, insure"):
 * the oldest are past their 45 free days and accrue fees, the damaged camera's free storage ends in 3 days.
 */
const DEMO_PACKAGES: {
  shipper: string;
  content: string;
  origin: keyof typeof ORIGINS;
  price: number;
  kg: number;
  dims: [number, number, number];
  qty?: number;
  condition?: string;
  /** When it arrived, if not by the every-other-day spread. */
  daysAgo?: number;
}[] = [
  { shipper: 'Amazon', content: 'Running shoes', origin: 'us', price: 89.99, kg: 1.2, dims: [35, 25, 14] },
  { shipper: 'Best Buy', content: 'Wireless headphones', origin: 'us', price: 249.0, kg: 0.9, dims: [25, 22, 10] },
  { shipper: 'Apple', content: 'Phone case', origin: 'us', price: 49.0, kg: 0.2, dims: [18, 10, 3], qty: 2 },
  { shipper: 'Nike', content: 'Sports jacket', origin: 'us', price: 120.0, kg: 0.8, dims: [40, 30, 8] },
  { shipper: 'Walmart', content: 'Kitchen scale', origin: 'us', price: 24.5, kg: 1.1, dims: [30, 24, 8] },
  { shipper: 'Target', content: 'Board game', origin: 'us', price: 34.99, kg: 1.6, dims: [40, 28, 9] },
  {
    shipper: 'eBay seller',
    content: 'Vintage camera',
    origin: 'us',
    price: 180.0,
    kg: 1.0,
    dims: [22, 18, 15],
    condition: 'Damaged',
    daysAgo: 42,
  },
  { shipper: 'Sephora', content: 'Skincare set', origin: 'us', price: 76.0, kg: 0.7, dims: [24, 18, 10] },
  { shipper: 'B&H Photo', content: 'Camera lens', origin: 'us', price: 599.0, kg: 1.3, dims: [20, 15, 15] },
  // The seller sent no invoice: its value is for the customer to declare ("Declaration needed").
  { shipper: 'Etsy', content: 'Handmade necklace', origin: 'us', price: 0, kg: 0.1, dims: [12, 10, 4] },
  { shipper: 'ASOS', content: 'Summer dresses', origin: 'uk', price: 95.0, kg: 0.9, dims: [35, 28, 6], qty: 3 },
  { shipper: 'John Lewis', content: 'Bed linen', origin: 'uk', price: 130.0, kg: 2.4, dims: [45, 35, 12] },
  { shipper: 'Boots', content: 'Vitamins', origin: 'uk', price: 28.0, kg: 0.6, dims: [20, 15, 10] },
  { shipper: 'Waterstones', content: 'Books', origin: 'uk', price: 54.0, kg: 2.1, dims: [32, 24, 12], qty: 4 },
  { shipper: 'Argos', content: 'Coffee machine', origin: 'uk', price: 149.0, kg: 4.8, dims: [45, 35, 40] },
  { shipper: 'Next', content: 'Children clothes', origin: 'uk', price: 66.0, kg: 1.0, dims: [38, 30, 8] },
  { shipper: 'Selfridges', content: 'Leather handbag', origin: 'uk', price: 420.0, kg: 1.4, dims: [40, 32, 18] },
  { shipper: 'AliExpress', content: 'Phone charger', origin: 'cn', price: 12.5, kg: 0.3, dims: [15, 10, 6], qty: 2 },
  { shipper: 'Shein', content: 'T-shirts', origin: 'cn', price: 38.0, kg: 0.8, dims: [30, 25, 5], qty: 5 },
  { shipper: 'Temu', content: 'LED strip lights', origin: 'cn', price: 19.99, kg: 0.5, dims: [25, 20, 8] },
  { shipper: 'Xiaomi', content: 'Smart watch', origin: 'cn', price: 79.0, kg: 0.4, dims: [16, 12, 8] },
  { shipper: 'DJI Store', content: 'Mini drone', origin: 'cn', price: 459.0, kg: 1.5, dims: [30, 25, 15] },
  {
    shipper: 'AliExpress',
    content: 'Lithium battery pack',
    origin: 'cn',
    price: 35.0,
    kg: 0.9,
    dims: [18, 12, 8],
    condition: 'Prohibited Item',
  },
  { shipper: 'Banggood', content: 'Mechanical keyboard', origin: 'cn', price: 65.0, kg: 1.3, dims: [48, 18, 6] },
  { shipper: 'Anker', content: 'Power bank', origin: 'cn', price: 45.0, kg: 0.5, dims: [18, 10, 5] },
];

/**
 * Each demo warehouse's shelves (decision 053): aisles A to C, eight bays, three levels (A-01-01 is aisle
 * A, bay 1, the bottom level), the receiving dock and a rack for oversized parcels.
 */
export const DEMO_LOCATIONS = [
  ...['A', 'B', 'C'].flatMap((aisle) =>
    Array.from({ length: 8 }, (_, bay) => Array.from({ length: 3 }, (_, level) => `${aisle}-${pad(bay + 1)}-${pad(level + 1)}`)).flat(),
  ),
  'DOCK-1',
  'DOCK-2',
  'OVERSIZE-1',
];
function pad(n: number) {
  return String(n).padStart(2, '0');
}
/** Where the i-th demo parcel was shelved: spread over the aisles, bays and levels. */
const demoLocation = (i: number) => `${['A', 'B', 'C'][i % 3]}-${pad(((i * 3) % 8) + 1)}-${pad((i % 3) + 1)}`;

/**
 * The n-th demo photo of a parcel stored under `folder` as uploads are (the JPEG and its WebP thumbnail): the file
 * fields of its attachment row.
 */
export async function storeParcelPhoto(storage: Storage, pkg: { hopboxId: string; packageContent: string }, folder: string, n: number) {
  const body = await parcelPhoto(pkg.hopboxId, pkg.packageContent, n * 8 - 8);
  const fileName = `seed-${pkg.hopboxId}-${n + 1}.jpg`;
  const storageKey = `${folder}/${fileName}`;
  const thumbnailKey = `${folder}/thumb-seed-${pkg.hopboxId}-${n + 1}.webp`;
  await storage.put(storageKey, body, 'image/jpeg');
  await storage.put(thumbnailKey, await makeThumbnail(body), 'image/webp');
  return {
    fileName,
    originalFileName: `${pkg.hopboxId}-photo-${n + 1}.jpg`,
    mimeType: 'image/jpeg',
    fileSize: body.length,
    storageKey,
    thumbnailKey,
  };
}

/** A photo of a parcel, drawn locally (no network): a box with its Hopbox ID on the label. */
export async function parcelPhoto(hopboxId: string, content: string, angle: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e7e5e4"/><stop offset="1" stop-color="#a8a29e"/></linearGradient></defs>
    <rect width="960" height="720" fill="url(#bg)"/>
    <g transform="rotate(${angle} 480 380)">
      <polygon points="250,250 480,170 730,250 500,330" fill="#d6a76c"/>
      <polygon points="250,250 500,330 500,600 250,520" fill="#b8864b"/>
      <polygon points="500,330 730,250 730,520 500,600" fill="#c99656"/>
      <polygon points="360,212 590,290 620,280 390,202" fill="#e8d3a9" opacity="0.8"/>
      <rect x="540" y="360" width="160" height="110" fill="#ffffff" transform="skewY(-19) translate(0 180)"/>
    </g>
    <rect x="40" y="620" width="880" height="70" rx="10" fill="#111827" opacity="0.8"/>
    <text x="60" y="665" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#ffffff">${escapeHtml(hopboxId)} · ${escapeHtml(content)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** Packages, photo requests in every state, and completed requests with real image files. */
export async function seedDemoPackages(tx: Executor, storage: Storage, customer: { id: number; lockerNumber: string }, staffId: number) {
  const now = Date.now();
  const created = [];
  for (const [i, p] of DEMO_PACKAGES.entries()) {
    const qty = p.qty ?? 1;
    created.push(
      await insertPackage(
        tx,
        {
          userId: customer.id,
          lockerNumber: customer.lockerNumber,
          shipper: p.shipper,
          packageContent: p.content,
          origin: ORIGINS[p.origin],
          externalTrackingNumber: `${p.origin.toUpperCase()}${(7_340_000_000 + i * 7919).toString()}`,
          shipmentStatus: p.condition ?? 'Not damaged',
          quantity: qty,
          unitPrice: toMajor(shareOf(toMinor(p.price), qty)).toFixed(2),
          totalPrice: p.price.toFixed(2),
          currency: p.origin === 'uk' ? 'GBP' : 'USD',
          description: `${p.content} from ${p.shipper}`,
          notes: p.condition === 'Damaged' ? 'Outer box crushed on one corner' : null,
          packageWeight: String(p.kg),
          unitWeight: (p.kg / qty).toFixed(3),
          packageLength: String(p.dims[0]),
          packageBreadth: String(p.dims[1]),
          packageHeight: String(p.dims[2]),
          receivedDate: new Date(now - (p.daysAgo ?? (DEMO_PACKAGES.length - i) * 2) * 86_400_000),
          receivedBy: staffId,
          location: p.kg >= 4 ? 'OVERSIZE-1' : demoLocation(i),
        },
        new Date(),
      ),
    );
  }

  const requests: { index: number; status: string; priority: string; type: string; photos: number; staffNotes?: string }[] = [
    { index: 1, status: 'COMPLETED', priority: 'MEDIUM', type: 'PACKAGE_PHOTO', photos: 2, staffNotes: 'Box and contents photographed' },
    {
      index: 6,
      status: 'COMPLETED',
      priority: 'HIGH',
      type: 'DAMAGE_PHOTO',
      photos: 3,
      staffNotes: 'Corner damage photographed from three sides',
    },
    { index: 14, status: 'COMPLETED', priority: 'LOW', type: 'PACKAGE_PHOTO', photos: 1 },
    { index: 21, status: 'IN_PROGRESS', priority: 'URGENT', type: 'CUSTOM_PHOTO', photos: 0 },
    { index: 10, status: 'PENDING', priority: 'MEDIUM', type: 'PACKAGE_PHOTO', photos: 0 },
    { index: 18, status: 'PENDING', priority: 'LOW', type: 'PACKAGE_PHOTO', photos: 0 },
    { index: 3, status: 'CANCELLED', priority: 'LOW', type: 'PACKAGE_PHOTO', photos: 0 },
    {
      index: 22,
      status: 'REJECTED',
      priority: 'HIGH',
      type: 'CUSTOM_PHOTO',
      photos: 0,
      staffNotes: 'Prohibited items cannot be opened for photos',
    },
  ];
  for (const r of requests) {
    const pkg = created[r.index];
    if (!pkg) continue;
    const requestedDate = new Date(new Date(pkg.receivedDate).getTime() + 6 * 3_600_000);
    const [row] = await tx
      .insert(photoRequests)
      .values({
        userId: customer.id,
        packageId: pkg.id,
        requestType: r.type,
        priority: r.priority,
        status: r.status,
        notes: r.type === 'CUSTOM_PHOTO' ? 'Please show the serial number label' : null,
        staffNotes: r.staffNotes ?? null,
        requestedDate,
        completedDate: r.status === 'COMPLETED' ? new Date(requestedDate.getTime() + 20 * 3_600_000) : null,
        handledBy: r.status === 'PENDING' ? null : staffId,
      })
      .returning({ id: photoRequests.id });
    if (!row) continue;
    await tx
      .update(photoRequests)
      .set({ orderId: `PR${String(row.id).padStart(6, '0')}` })
      .where(eq(photoRequests.id, row.id));
    for (let n = 0; n < r.photos; n++) {
      await tx.insert(attachments).values({
        photoRequestId: row.id,
        ...(await storeParcelPhoto(storage, pkg, `photos/${row.id}`, n)),
        uploadedBy: staffId,
      });
    }
  }
  return created;
}
