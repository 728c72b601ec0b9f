/** Cache keys of the shipment lists; creating or paying for a shipment refreshes them. */
export const shipmentKeys = {
  all: ['shipments'] as const,
  consolidated: ['shipments', 'consolidated'] as const,
  sent: ['shipments', 'sent'] as const,
  tracking: (id: number) => ['shipments', 'tracking', id] as const,
  refunds: (id: number) => ['shipments', 'refunds', id] as const,
};

/** Caches other screens keep that a new or paid shipment changes (packages leave the locker, counts move). */
export const AFFECTED_BY_SHIPMENTS = [['shipments'], ['packages'], ['received-packages'], ['dashboard']] as const;
