/** Every console query starts with 'staff', so one invalidation can refresh a whole screen. */
export const staffKeys = {
  all: ['staff'] as const,
  lockerOwner: (locker: string) => ['staff', 'locker-owner', locker] as const,
  packages: ['staff', 'packages'] as const,
  photoRequests: ['staff', 'photo-requests'] as const,
  attachments: (photoRequestId: number) => ['staff', 'attachments', photoRequestId] as const,
  shipments: ['staff', 'shipments'] as const,
  audit: (entity: AuditEntity, id: number) => ['staff', 'audit', entity, id] as const,
  hosts: ['staff', 'hosts'] as const,
  hostLocations: (hostId: number) => ['staff', 'hosts', hostId, 'locations'] as const,
  dutyRules: ['staff', 'duty-rules'] as const,
  mail: ['staff', 'mail'] as const,
  jobs: ['staff', 'jobs'] as const,
  payments: ['staff', 'payments'] as const,
};

export type AuditEntity = 'package' | 'shipment' | 'photo_request' | 'host' | 'payment';
