import type { Host } from '@hopbox/contracts/hosts';
import { MapPin, Pencil, Plus, Power, Trash, Warehouse } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Button, IconButton } from '@/components/button';
import { Card } from '@/components/card';
import { actionsColumn, CellLines, type Column, DataTable } from '@/components/data-table';
import { QueryLoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { Switch } from '@/components/switch';
import { errorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { dailyFeeText, freeDaysText, storageTermsText } from '../../storage-terms';
import { useHostStats, useHosts } from '../api/get-hosts';
import { type HostAction, useHostAction } from '../api/host-actions';
import { DeleteHostModal } from '../components/delete-host-modal';
import { HostFormModal } from '../components/host-form-modal';
import { LocationsModal } from '../components/locations-modal';

function Stats() {
  const stats = useHostStats();
  const items = [
    { label: 'Hosts', value: stats.data?.total },
    { label: 'Active', value: stats.data?.active },
    { label: 'Inactive', value: stats.data?.inactive },
    { label: 'Remote address service', value: stats.data?.remoteAddressService },
    { label: 'Countries', value: stats.data?.countries },
  ];
  if (stats.isError) return <QueryLoadError query={stats} />;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      {items.map((item) => (
        <div key={item.label} className="flex flex-col justify-between rounded-xl border border-line bg-surface p-4 shadow-xs">
          <dt className="text-sm text-muted">{item.label}</dt>
          <dd className="mt-2 text-2xl font-semibold text-fg tabular-nums">
            {stats.isPending ? <Skeleton className="h-7 w-10" /> : (item.value ?? '—')}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** /staff/hosts (admins): the warehouses customers ship to. */
export default function HostsPage() {
  const hosts = useHosts();
  const action = useHostAction();
  const [editing, setEditing] = useState<{ host: Host | null } | null>(null);
  const [deleting, setDeleting] = useState<Host | null>(null);
  const [locating, setLocating] = useState<Host | null>(null);

  const run = async (host: Host, what: HostAction, done: string) => {
    try {
      await action.mutateAsync({ id: host.id, action: what });
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const busy = (host: Host) => action.isPending && action.variables?.id === host.id;

  const columns: Column<Host>[] = [
    {
      id: 'host',
      header: 'Host',
      cell: (host) => <CellLines main={host.name} sub={host.code} mainClassName="font-medium whitespace-nowrap" subClassName="font-mono" />,
      card: { slot: 'title', render: (host) => `${host.name} · ${host.code}` },
    },
    {
      id: 'location',
      header: 'Location',
      showFrom: '@2xl',
      // Narrow enough that the storage terms fit beside it on a laptop.
      cellClassName: 'max-w-56',
      cell: (host) => (
        <CellLines main={host.address} sub={[host.city, host.postalCode, host.country].filter(Boolean).join(', ')} truncate />
      ),
      card: { slot: 'line', render: (host) => [host.address, host.city, host.postalCode, host.country].filter(Boolean).join(', ') },
    },
    {
      id: 'contact',
      header: 'Contact',
      showFrom: '@5xl',
      cellClassName: 'max-w-56',
      cell: (host) => <CellLines main={host.email ?? '—'} sub={host.phone ?? ''} truncate />,
      card: { slot: 'line', render: (host) => [host.email, host.phone].filter(Boolean).join(' · ') || '—' },
    },
    {
      id: 'storage',
      header: 'Storage',
      showFrom: '@3xl',
      cell: (host) => (
        <CellLines main={freeDaysText(host)} sub={dailyFeeText(host)} mainClassName="whitespace-nowrap" subClassName="whitespace-nowrap" />
      ),
      card: { slot: 'line', render: storageTermsText },
    },
    {
      id: 'status',
      header: 'Status',
      cell: (host) => (
        <Badge tone={host.active ? 'green' : 'gray'} dot>
          {host.active ? 'Active' : 'Inactive'}
        </Badge>
      ),
      card: 'aside',
    },
    {
      id: 'remote',
      header: 'Remote service',
      showFrom: '@xl',
      cell: (host) => (
        <Switch
          checked={host.remoteAddressService}
          disabled={busy(host)}
          label={`Remote address service at ${host.name}`}
          onCheckedChange={(on) => run(host, 'toggle-remote-service', `Remote address service ${on ? 'on' : 'off'} at ${host.name}`)}
        />
      ),
      card: 'wide-field',
    },
    actionsColumn(
      (host) => (
        <div className="flex items-center justify-end gap-1">
          <Button
            variant="secondary"
            size="sm"
            disabled={busy(host)}
            onClick={() => run(host, host.active ? 'deactivate' : 'activate', `${host.name} ${host.active ? 'deactivated' : 'activated'}`)}
          >
            <Power className="size-3.5" aria-hidden="true" />
            {host.active ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {host.name}</span>
          </Button>
          <IconButton aria-label={`Locations of ${host.name}`} title="Locations" onClick={() => setLocating(host)}>
            <MapPin className="size-4" aria-hidden="true" />
          </IconButton>
          <IconButton aria-label={`Edit ${host.name}`} title="Edit" onClick={() => setEditing({ host })}>
            <Pencil className="size-4" aria-hidden="true" />
          </IconButton>
          <IconButton
            aria-label={`Delete ${host.name}`}
            title="Delete"
            onClick={() => setDeleting(host)}
            className="hover:bg-danger-soft hover:text-danger"
          >
            <Trash className="size-4" aria-hidden="true" />
          </IconButton>
        </div>
      ),
      { card: 'actions' },
    ),
  ];

  return (
    <>
      <PageHeader
        tabTitle="Hosts"
        title="Hosts"
        description="The warehouses customers ship their parcels to. Active hosts are listed on every customer's dashboard."
        actions={
          <Button onClick={() => setEditing({ host: null })}>
            <Plus className="size-4" aria-hidden="true" />
            Add host
          </Button>
        }
      />
      <div className="space-y-6">
        <Stats />
        <Card>
          <DataTable
            label="Hosts"
            columns={columns}
            query={hosts}
            emptyState={{ icon: Warehouse, title: 'No hosts yet', description: 'Add the first warehouse customers can ship to.' }}
            skeletonRows={3}
            cards
          />
        </Card>
      </div>
      <HostFormModal isOpen={editing !== null} host={editing?.host ?? null} onClose={() => setEditing(null)} />
      <DeleteHostModal host={deleting} onClose={() => setDeleting(null)} />
      <LocationsModal host={locating} onClose={() => setLocating(null)} />
    </>
  );
}
