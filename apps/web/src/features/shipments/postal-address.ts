import type { SentShipment } from '@hopbox/contracts/shipments';
import { formatCityLine } from '@/lib/format';

export type Destination = Pick<SentShipment, 'recipientName' | 'address' | 'city' | 'state' | 'postalCode' | 'destination' | 'phone'>;

/** The destination as a postal address, one line each: recipient, street, city line, country, phone. */
export function postalAddressLines(d: Destination): string[] {
  return [d.recipientName, d.address, formatCityLine(d), d.destination, d.phone ? `Tel. ${d.phone}` : ''].filter(Boolean);
}
