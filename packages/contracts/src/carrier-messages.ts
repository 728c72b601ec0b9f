// Apart from messages.ts, which every page loads: the API sends these, and the console shows the answer's own message.

/** What booking with a carrier, and asking a courier for a price, answer when they cannot (decision 036). */
export const carrierMessages = {
  /** After priceUnavailable when the courier's API gives no price: its own words go to the logs, never to the customer. */
  courierCannotPrice: 'The courier offers no price for this shipment',
  bookingUnpaid: 'Only a paid shipment can be booked with the carrier',
  bookedByHand: (awb: string) =>
    `This shipment already has the AWB ${awb}, entered by hand: print its label from the carrier that issued it`,
  notBooked: 'This shipment is not booked with a carrier yet: book it first',
  notBookedMany: (shipmentIds: readonly string[]) => `Not booked with a carrier yet: ${shipmentIds.join(', ')}. Book them first.`,
  bookingInProgress: 'This shipment is being booked with the carrier right now. Try again in a moment.',
  carrierRefused: (reason: string) => `The carrier refused the booking: ${reason}. The shipment is unchanged; try again.`,
  carrierUnavailable: 'The carrier did not answer. The shipment is unchanged; try again in a moment.',
} as const;
