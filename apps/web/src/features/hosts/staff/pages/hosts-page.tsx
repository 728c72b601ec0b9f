import type { Host } from '@hopbox/contracts/hosts';
import { Pencil, Plus, Power, Trash, Warehouse } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/badge';
import { Button, IconButton } from '@/components/button';
import { Card } from '@/components/card';
import { DataTable, tdClasses, thClasses } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { EmptyRows, RowsSkeleton } from '@/components/query-states';
import { Skeleton } from '@/components/skeleton';
import { Switch } from '@/components/switch';
import { errorMessage } from '@/lib/api-errors';
import { useHostStats, useHosts } from '../api/get-hosts';
import { type HostAction, useHostAction } from '../api/host-actions';
import { DeleteHostModal } from '../components/delete-host-modal';
import { HostFormModal } from '../components/host-form-modal';

function Stats() {
  const stats = useHostStats();
  const items = [
    { label: 'Hosts', value: stats.data?.total },
    { label: 'Active', value: stats.data?.active },
    { label: 'Inactive', value: stats.data?.inactive },
    { label: 'Remote address service', value: stats.data?.remoteAddressService },
    { label: 'Countries', value: stats.data?.countries },
  ];
  if (stats.isError) return <LoadError message={errorMessage(stats.error)} onRetry={() => stats.refetch()} />;
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

  const run = async (host: Host, what: HostAction, done: string) => {
    try {
      await action.mutateAsync({ id: host.id, action: what });
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const busy = (host: Host) => action.isPending && action.variables?.id === host.id;

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
          {hosts.isPending ? (
            <RowsSkeleton rows={3} />
          ) : hosts.isError ? (
            <div className="p-5">
              <LoadError message={errorMessage(hosts.error)} onRetry={() => hosts.refetch()} />
            </div>
          ) : hosts.data.length === 0 ? (
            <EmptyRows icon={Warehouse} title="No hosts yet" description="Add the first warehouse customers can ship to." />
          ) : (
            <DataTable label="Hosts">
              <thead>
                <tr>
                  <th scope="col" className={thClasses}>
                    Host
                  </th>
                  <th scope="col" className={`${thClasses} hidden @2xl:table-cell`}>
                    Location
                  </th>
                  <th scope="col" className={`${thClasses} hidden @5xl:table-cell`}>
                    Contact
                  </th>
                  <th scope="col" className={thClasses}>
                    Status
                  </th>
                  <th scope="col" className={`${thClasses} hidden @xl:table-cell`}>
                    Remote service
                  </th>
                  <th scope="col" className={thClasses}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {hosts.data.map((host) => (
                  <tr key={host.id} className="hover:bg-subtle/50">
                    <td className={tdClasses}>
                      <span className="block font-medium whitespace-nowrap">{host.name}</span>
                      <span className="block font-mono text-xs text-muted">{host.code}</span>
                    </td>
                    <td className={`${tdClasses} hidden max-w-64 @2xl:table-cell`}>
                      <span className="block truncate">{host.address}</span>
                      <span className="block truncate text-xs text-muted">
                        {[host.city, host.postalCode, host.country].filter(Boolean).join(', ')}
                      </span>
                    </td>
                    <td className={`${tdClasses} hidden max-w-56 @5xl:table-cell`}>
                      <span className="block truncate">{host.email ?? '—'}</span>
                      <span className="block truncate text-xs text-muted">{host.phone ?? ''}</span>
                    </td>
                    <td className={tdClasses}>
                      <Badge tone={host.active ? 'green' : 'gray'} dot>
                        {host.active ? 'Active' : 'Inactive'}
                      </Badge>
                    </td>
                    <td className={`${tdClasses} hidden @xl:table-cell`}>
                      <Switch
                        checked={host.remoteAddressService}
                        disabled={busy(host)}
                        label={`Remote address service at ${host.name}`}
                        onCheckedChange={(on) =>
                          run(host, 'toggle-remote-service', `Remote address service ${on ? 'on' : 'off'} at ${host.name}`)
                        }
                      />
                    </td>
                    <td className={`${tdClasses} text-right`}>
                      <div className="flex items-center justify-end gap-1">
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={busy(host)}
                          onClick={() =>
                            run(host, host.active ? 'deactivate' : 'activate', `${host.name} ${host.active ? 'deactivated' : 'activated'}`)
                          }
                        >
                          <Power className="size-3.5" aria-hidden="true" />
                          {host.active ? 'Deactivate' : 'Activate'}
                          <span className="sr-only"> {host.name}</span>
                        </Button>
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
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </Card>
      </div>
      <HostFormModal isOpen={editing !== null} host={editing?.host ?? null} onClose={() => setEditing(null)} />
      <DeleteHostModal host={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
