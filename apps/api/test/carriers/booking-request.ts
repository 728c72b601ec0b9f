import type { CarrierBookingRequest } from '../../src/providers/carriers/carrier-provider.ts';

let counter = 0;

/** A complete booking (a US host to a Dubai address) under a reference no other test uses; fields can be replaced. */
export function bookingRequest(overrides: Partial<CarrierBookingRequest> = {}): CarrierBookingRequest {
  counter += 1;
  return {
    reference: `SHP${Date.now().toString(36).toUpperCase()}${process.pid}${counter}`,
    lockerNumber: 'HB10042',
    sender: {
      name: 'Hopbox US Warehouse',
      address: '1200 Commerce Drive, Suite 400',
      city: 'Wilmington',
      state: 'DE',
      postalCode: '19801',
      country: 'US',
      phone: '+1 302 555 0100',
      reference: 'HB10042',
    },
    receiver: {
      name: 'Zoë Al-Mansouri',
      address: 'Villa 12, Street 14, Al Wasl',
      city: 'Dubai',
      state: null,
      postalCode: null,
      country: 'AE',
      phone: '+971 50 123 4567',
    },
    description: 'Clothes, shoes and two books',
    declaredValue: 245.5,
    currency: 'USD',
    pieces: 2,
    weight: 4.8,
    dimensions: { length: 45, breadth: 35, height: 25 },
    product: 'XPS',
    service: 'NOR',
    dutiesPaid: false,
    ...overrides,
  };
}
