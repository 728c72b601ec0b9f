import { ArrowRight, Camera, ChevronRight, Layers, type LucideIcon, MailX, PlaneTakeoff, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { buttonClasses } from '@/components/button';
import { TitledCard } from '@/components/card';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { SkeletonGroup } from '@/components/skeleton-layouts';
import { StatTile } from '@/components/stat-tile';
import { PRIORITY_TONES } from '@/components/status-badges';
import { useClaimQueue } from '@/features/claims/staff/api/staff-claims';
import { useFailedMail } from '@/features/notifications/staff/api/get-failed-mail';
import { ReceivePackageLink } from '@/features/packages/staff/components/receive-package-link';
import { OPEN_PHOTO_QUEUE, usePhotoQueueCount, usePhotoQueuePage } from '@/features/photo-requests/staff/api/get-photo-queue';
import { countText, useStaffShipmentsCount } from '@/features/shipments/staff/api/get-staff-shipments';
import { errorMessage } from '@/lib/api-errors';
import { enumLabel, relativeAge } from '@/lib/format';
import { useSession } from '@/lib/use-session';

/** The queue's next requests the overview lists. */
const NEXT_IN_QUEUE = 5;
const PENDING_QUEUE = { ...OPEN_PHOTO_QUEUE, statuses: ['PENDING'] } as const;
const IN_PROGRESS_QUEUE = { ...OPEN_PHOTO_QUEUE, statuses: ['IN_PROGRESS'] } as const;
const URGENT_QUEUE = { ...OPEN_PHOTO_QUEUE, priority: 'URGENT' } as const;

interface Tile {
  label: string;
  to: string;
  icon: LucideIcon;
  value: number | string | undefined;
  loading: boolean;
  detail: string | null;
}

function OverviewTile({ tile }: { tile: Tile }) {
  return (
    <StatTile
      to={tile.to}
      label={tile.label}
      icon={tile.icon}
      value={tile.value}
      loading={tile.loading}
      footer={
        <>
          <span className="flex-1">{tile.detail ?? '\u00a0'}</span>
          <ArrowRight className="size-3.5 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
        </>
      }
    />
  );
}

/** /staff: what is waiting for the warehouse today, with a way into each screen. */
export default function OverviewPage() {
  const session = useSession();
  const admin = session?.user.role === 'admin';
  // The photo queue's next few requests, and its counts, each read with a page of one row (decision 077).
  const queue = usePhotoQueuePage(OPEN_PHOTO_QUEUE, 1, NEXT_IN_QUEUE);
  const pending = usePhotoQueueCount(PENDING_QUEUE);
  const inProgress = usePhotoQueueCount(IN_PROGRESS_QUEUE);
  const urgent = usePhotoQueueCount(URGENT_QUEUE);
  // Counts only, each read with a page of one row (decision 075).
  const toPack = useStaffShipmentsCount('to-pack');
  const packed = useStaffShipmentsCount('packed');
  const dispatch = useStaffShipmentsCount('awaiting-dispatch');
  const processed = useStaffShipmentsCount('Processed');
  const failedMail = useFailedMail(admin);
  // The queue's count, read with its first claim (the next to look at): one row, not the list.
  const claims = useClaimQueue({ page: 1, pageSize: 1, status: 'OPEN' });

  const requests = queue.data?.data ?? [];
  const tiles: Tile[] = [
    {
      label: 'Pending photo requests',
      to: '/staff/photo-requests',
      icon: Camera,
      value: pending.data && countText(pending.data),
      loading: pending.isPending,
      detail:
        inProgress.data && urgent.data
          ? `${countText(inProgress.data)} in progress${urgent.data.total ? ` · ${countText(urgent.data)} urgent` : ''}`
          : null,
    },
    {
      label: 'Open consolidations',
      to: '/staff/consolidations',
      icon: Layers,
      value: toPack.data && countText(toPack.data),
      loading: toPack.isPending,
      detail: packed.data ? `${countText(packed.data)} packed` : null,
    },
    {
      label: 'Awaiting dispatch',
      to: '/staff/dispatch',
      icon: PlaneTakeoff,
      value: dispatch.data && countText(dispatch.data),
      loading: dispatch.isPending,
      detail: processed.data ? `${countText(processed.data)} processed, waiting for a flight` : null,
    },
    {
      label: 'Claims to do',
      to: '/staff/claims',
      icon: ShieldAlert,
      value: claims.data?.total,
      loading: claims.isPending,
      detail: claims.data ? (claims.data.data[0] ? `Next: ${claims.data.data[0].reference}` : 'None waiting') : null,
    },
    ...(admin
      ? [
          {
            label: 'Failed mail',
            to: '/staff/mail',
            icon: MailX,
            value: failedMail.data?.length,
            loading: failedMail.isPending,
            detail: failedMail.data ? (failedMail.data.length ? 'Needs a look' : 'All mail delivered') : null,
          },
        ]
      : []),
  ];
  const reads = [queue, pending, inProgress, urgent, toPack, packed, dispatch, processed, claims, ...(admin ? [failedMail] : [])];
  const failures = reads.filter((q) => q.isError);

  return (
    <>
      <PageHeader
        tabTitle="Warehouse"
        title={`Good to see you, ${session?.user.firstName ?? 'there'}`}
        description="What is waiting for the warehouse right now."
        actions={<ReceivePackageLink />}
      />
      <div className="space-y-6">
        {failures[0] && (
          <LoadError
            message={errorMessage(failures[0].error)}
            onRetry={() => {
              for (const q of failures) void q.refetch();
            }}
          />
        )}
        <section aria-label="Summary">
          <ul className={admin ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-5' : 'grid gap-4 sm:grid-cols-2 xl:grid-cols-4'}>
            {tiles.map((tile) => (
              <OverviewTile key={tile.to} tile={tile} />
            ))}
          </ul>
        </section>
        <TitledCard
          title="Next in the photo queue"
          description="Most urgent first, then the longest waiting."
          actions={
            <Link to="/staff/photo-requests" className={buttonClasses('secondary', 'sm')}>
              Open the queue
            </Link>
          }
        >
          {queue.isPending ? (
            <SkeletonGroup count={2} className="space-y-2 p-5" itemClassName="h-10" />
          ) : requests.length === 0 ? (
            <p className="px-5 py-6 text-sm text-muted sm:px-6">No photo requests are waiting.</p>
          ) : (
            <ul className="divide-y divide-line">
              {requests.map((r) => (
                <li key={r.id}>
                  <Link
                    to={`/staff/photo-requests?open=${r.id}`}
                    className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 hover:bg-subtle/60 sm:px-6"
                  >
                    <Badge tone={PRIORITY_TONES[r.priority]}>{enumLabel(r.priority)}</Badge>
                    <span className="font-mono text-sm font-medium text-fg">{r.shipmentId}</span>
                    <span className="min-w-0 flex-1 truncate text-sm text-muted">
                      {r.content} · {r.customerName}
                    </span>
                    <span className="text-xs text-muted">{relativeAge(r.requestedDate)}</span>
                    <ChevronRight className="size-4 text-muted" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </TitledCard>
      </div>
    </>
  );
}
