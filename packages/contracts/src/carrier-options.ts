/**
 * A choice of carrier (issue "No surprise at the door", decision 070): every carrier this deployment ships with
 * (CARRIERS) prices a shipment in each product it sells, and the customer picks one. Zod-free, so the wizard and
 * the Finish Shipments dialog read these words without the schema library; the answer's schema is in pricing.ts.
 */

/** How many business days a product takes door to door, at least and at most. */
export interface TransitDays {
  min: number;
  max: number;
}

/** One way to send a shipment: a carrier's product and service, its price and how long it takes. */
export interface CarrierOption {
  /** `carrier:product:service`, e.g. `sandbox:ECO:NOR`: what a payment names to choose it. */
  id: string;
  carrier: string;
  product: string;
  service: string;
  /** As customers read it: "DHL Express Worldwide". */
  name: string;
  price: number;
  currency: string;
  transitDays: TransitDays;
}

/** SPEC.md's product, Express (XPS), and the sandbox carrier's Economy (ECO), by code. */
export const PRODUCT_TYPES = { XPS: 'Express', ECO: 'Economy' } as const;

/** The sandbox carrier's products: Express and Economy, priced from the rate card (SANDBOX_CARRIER_PRODUCTS). */
export const SANDBOX_PRODUCTS = ['XPS', 'ECO'] as const;

export const optionId = (carrier: string, product: string, service: string) => `${carrier}:${product}:${service}`;

/** Cheapest first; of two at one price, the faster first; then by id, so the order never wavers. */
export function cheapestFirst<O extends Pick<CarrierOption, 'id' | 'price' | 'transitDays'>>(options: readonly O[]): O[] {
  return [...options].sort(
    (a, b) =>
      a.price - b.price || a.transitDays.max - b.transitDays.max || a.transitDays.min - b.transitDays.min || a.id.localeCompare(b.id),
  );
}

/** The option that arrives soonest: fewest days at most, then at least, then the cheaper. */
export function fastestOf<O extends Pick<CarrierOption, 'id' | 'price' | 'transitDays'>>(options: readonly O[]): O | undefined {
  return [...options].sort(
    (a, b) =>
      a.transitDays.max - b.transitDays.max || a.transitDays.min - b.transitDays.min || a.price - b.price || a.id.localeCompare(b.id),
  )[0];
}

/** "2–4 business days", "1 business day". */
export function transitWords({ min, max }: TransitDays): string {
  const days = (n: number) => `${n} business day${n === 1 ? '' : 's'}`;
  return min === max ? days(max) : `${min}–${days(max)}`;
}

/** The marks beside an option in a list: the cheapest and the fastest (one option may be both). */
export function optionMarks(option: Pick<CarrierOption, 'id'>, all: readonly CarrierOption[]): string[] {
  if (all.length < 2) return [];
  const marks: string[] = [];
  if (cheapestFirst(all)[0]?.id === option.id) marks.push('Cheapest');
  if (fastestOf(all)?.id === option.id) marks.push('Fastest');
  return marks;
}

/** What a payment answers when the option it names is not among those priced (a stale page, a made-up id). */
export const OPTION_NOT_OFFERED = 'This shipping option is not offered for this shipment. Please review the options and pay again.';
