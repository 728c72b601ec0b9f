import { CONSOLIDATION_LIFECYCLE, type Lifecycle, PAYMENT_LIFECYCLE, SHIPMENT_LIFECYCLE, statusLabel } from '@hopbox/contracts/lifecycles';
import { PHOTO_REQUEST_LIFECYCLE } from '@hopbox/contracts/photo-request-statuses';
import { formatDateTime } from '@/lib/format';
import type { AuditEntity } from '@/lib/staff-keys';

/** The fields of each record that hold a lifecycle's status: shown in the lifecycle's words, never as codes. */
const STATUS_FIELDS: Partial<Record<AuditEntity, Record<string, Lifecycle<string>>>> = {
  photo_request: { status: PHOTO_REQUEST_LIFECYCLE },
  payment: { status: PAYMENT_LIFECYCLE },
  shipment: { shipmentStatus: SHIPMENT_LIFECYCLE, consolidationStatus: CONSOLIDATION_LIFECYCLE },
};

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && ISO.test(value)) return formatDateTime(value);
  if (Array.isArray(value)) return value.map(show).join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A field's value in words: a status in its lifecycle's words, anything else as `show` writes it. */
export function shownValue(entity: AuditEntity, key: string, value: unknown): string {
  const lifecycle = STATUS_FIELDS[entity]?.[key];
  return lifecycle && typeof value === 'string' ? statusLabel(lifecycle, value) : show(value);
}
