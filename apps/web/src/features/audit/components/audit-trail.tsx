import { ScrollText } from 'lucide-react';
import { QueryLoadError } from '@/components/load-error';
import { SkeletonGroup } from '@/components/skeleton-layouts';
import { formatDateTime } from '@/lib/format';
import type { AuditEntity } from '@/lib/staff-keys';
import { type AuditEntry, useAuditTrail } from '../api/get-audit-trail';
import { shownValue } from '../audit-values';

const ACTIONS: Record<string, string> = {
  'package.received': 'Received the package',
  'package.moved': 'Moved the package',
  'shipment.created': 'Created the shipment',
  'shipment.updated': 'Updated the shipment',
  'shipment.booked': 'Booked with the carrier',
  'photo_request.in_progress': 'Took the request',
  'photo_request.completed': 'Completed the request',
  'photo_request.rejected': 'Rejected the request',
  'photo_request.pending': 'Updated the notes',
  'photo_request.notes_updated': 'Updated the notes',
  'photo_request.photos_added': 'Uploaded photos',
  'note.added': 'Added an internal note',
  'host.locations_updated': 'Updated the locations',
  refund: 'Refunded',
};

const FIELD_LABELS: Record<string, string> = {
  hopboxId: 'Hopbox ID',
  packageContent: 'Content',
  externalTrackingNumber: 'Tracking number',
  shipmentStatus: 'Status',
  awb: 'AWB',
  carrier: 'Carrier',
  readyToShip: 'Ready to ship',
  staffNotes: 'Staff notes',
  receiptPhotos: 'Receipt photos',
  packageWeight: 'Package weight',
  unitWeight: 'Unit weight',
  packageLength: 'Length',
  packageBreadth: 'Breadth',
  packageHeight: 'Height',
};

/** Bookkeeping columns that say nothing to the person reading the trail. */
const HIDDEN_FIELDS = new Set(['id', 'userId', 'createdAt', 'updatedAt', 'receivedBy', 'tenantId', 'photoRequested', 'shipmentId']);

function actionLabel(action: string): string {
  return ACTIONS[action] ?? action.replace(/[._]/g, ' ');
}

function fieldLabel(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Changes({ entity, entry }: { entity: AuditEntity; entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter((k) => !HIDDEN_FIELDS.has(k));
  if (keys.length === 0) return null;
  const created = entry.before === null;
  return (
    <dl className="mt-2 grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1 rounded-lg bg-subtle px-3 py-2 text-xs">
      {keys.map((key) => (
        <div key={key} className="contents">
          <dt className="text-muted">{fieldLabel(key)}</dt>
          <dd className="min-w-0 break-words text-fg">
            {created ? (
              shownValue(entity, key, entry.after?.[key])
            ) : (
              <>
                <span className="text-muted line-through decoration-muted/60">{shownValue(entity, key, entry.before?.[key])}</span>
                <span aria-hidden="true" className="px-1.5 text-muted">
                  →
                </span>
                <span className="sr-only"> changed to </span>
                <span className="font-medium">{shownValue(entity, key, entry.after?.[key])}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The audit log of one package, shipment, photo request or host: who did what and when, and the
 * fields before → after, oldest first.
 */
export function AuditTrail({ entity, id, title = 'History' }: { entity: AuditEntity; id: number; title?: string }) {
  const trail = useAuditTrail(entity, id);
  const headingId = `audit-${entity}-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-fg">
        <ScrollText className="size-4 text-muted" aria-hidden="true" />
        {title}
      </h3>
      {trail.isPending ? (
        <SkeletonGroup count={2} className="mt-3 space-y-2" itemClassName="h-12" />
      ) : trail.isError ? (
        <div className="mt-3">
          <QueryLoadError query={trail} />
        </div>
      ) : trail.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No staff actions recorded yet.</p>
      ) : (
        <ol className="mt-3 space-y-4 border-l border-line pl-4">
          {trail.data.map((entry) => (
            <li key={entry.id} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[21px] size-2.5 rounded-full border-2 border-surface bg-accent" />
              <p className="text-sm text-fg">
                <span className="font-medium">{actionLabel(entry.action)}</span>
                <span className="text-muted"> · {entry.actor}</span>
              </p>
              <p className="text-xs text-muted">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                {entry.actorEmail && (
                  <>
                    {' · '}
                    <a href={`mailto:${entry.actorEmail}`} className="hover:text-fg hover:underline">
                      {entry.actorEmail}
                    </a>
                  </>
                )}
              </p>
              <Changes entity={entity} entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
