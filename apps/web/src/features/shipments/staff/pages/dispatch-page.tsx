import { dispatchChoices } from '@hopbox/contracts/dispatch';
import { formatMoney } from '@hopbox/contracts/money';
import type { StaffShipment } from '@hopbox/contracts/shipments';
import { STAFF_SHIPMENTS_PAGE_SIZE, type StaffShipmentFilter } from '@hopbox/contracts/staff-shipments';
import { PlaneTakeoff, Printer, Truck } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { actionsColumn, CellLines, type Column, DataTable } from '@/components/data-table';
import { FilterButtons } from '@/components/filter-buttons';
import { PageHeader } from '@/components/page-header';
import { ShipmentStatusBadge } from '@/components/status-badges';
import { formatDateTime, formatKg, packageIdsOf } from '@/lib/format';
import { oneOf } from '@/lib/list-params';
import { serverPageTable } from '@/lib/server-page';
import { toast } from '@/lib/toast';
import { useClampPage, useListParams } from '@/lib/use-list-params';
import { useStaffShipmentsPage } from '../api/get-staff-shipments';
import { carrierStateOf } from '../carrier-state';
import { CarrierActions, CarrierSummary } from '../components/carrier-booking';
import { DispatchModal } from '../components/dispatch-modal';
import { type CarrierDesk, useCarrierDesk } from '../use-carrier-desk';

type View = 'awaiting-dispatch' | 'Shipped' | 'Delivered' | 'all';

/** The page's views and the server's list each one is: "All" is every paid shipment, since only those are dispatched. */
const VIEWS: { value: View; label: string; status: StaffShipmentFilter }[] = [
  { value: 'awaiting-dispatch', label: 'Awaiting dispatch', status: 'awaiting-dispatch' },
  { value: 'Shipped', label: 'Shipped', status: 'Shipped' },
  { value: 'Delivered', label: 'Delivered', status: 'Delivered' },
  { value: 'all', label: 'All', status: 'paid' },
];

const VIEW_VALUES = VIEWS.map((v) => v.value);
const NONE_SELECTED = new Map<string, StaffShipment>();

/**
 * What to do with the selected shipments: book those not booked yet (a few at a time; each failed row
 * then says the carrier's reason) and print the labels of the booked ones as one PDF.
 */
function SelectionBar({ selectedRows, desk, onClear }: { selectedRows: StaffShipment[]; desk: CarrierDesk; onClear: () => void }) {
  const bookable = selectedRows.filter((s) => carrierStateOf(s) === 'bookable');
  const booked = selectedRows.filter((s) => carrierStateOf(s) === 'booked');
  const booking = bookable.some((s) => desk.isBooking(s.id));
  const bookSelected = () => {
    const skipped = selectedRows.length - bookable.length;
    if (skipped === 1) toast.info('One selected shipment is already booked or cannot be booked: it is left as it is');
    if (skipped > 1) toast.info(`${skipped} selected shipments are already booked or cannot be booked: they are left as they are`);
    void desk.book(bookable);
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-line px-4 py-3">
      <p className="mr-auto text-sm text-muted" aria-live="polite">
        {selectedRows.length === 0
          ? 'Select shipments to book them or print their labels together.'
          : `${selectedRows.length} selected${booked.length > 0 ? ` · ${booked.length} booked` : ''}`}
      </p>
      {selectedRows.length > 0 && (
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear selection
        </Button>
      )}
      <Button size="sm" onClick={bookSelected} disabled={bookable.length === 0} loading={booking}>
        {!booking && <Truck className="size-3.5" aria-hidden="true" />}
        Book selected
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => desk.printLabels(selectedRows)}
        disabled={booked.length === 0}
        loading={desk.printing === 'labels'}
      >
        {desk.printing !== 'labels' && <Printer className="size-3.5" aria-hidden="true" />}
        Print labels
      </Button>
    </div>
  );
}

/** /staff/dispatch: paid shipments to book with the carrier and put on a flight, then Shipped and Delivered ones. */
export default function DispatchPage() {
  const list = useListParams({ filters: { view: 'awaiting-dispatch' }, defaultPageSize: STAFF_SHIPMENTS_PAGE_SIZE });
  const view = oneOf(VIEW_VALUES, list.filters.view);
  const { page, pageSize } = list;
  const shipments = useStaffShipmentsPage({ status: VIEWS.find((v) => v.value === view)?.status ?? 'awaiting-dispatch', page, pageSize });
  // Booked and dispatched shipments leave "Awaiting dispatch": a page past its new end becomes the last. A capped
  // count is no last page to clamp to (decision 072).
  useClampPage(list, shipments.data?.totalCapped ? undefined : shipments.data?.total);
  const [opened, setOpened] = useState<StaffShipment | null>(null);
  // The selection is of the page shown: another view, page or page size starts with none.
  const shown = `${view}/${page}/${pageSize}`;
  const [selection, setSelection] = useState({ of: shown, rows: NONE_SELECTED });
  const selected = selection.of === shown ? selection.rows : NONE_SELECTED;
  const setSelected = (rows: Map<string, StaffShipment>) => setSelection({ of: shown, rows });
  const desk = useCarrierDesk();
  const rows = shipments.data?.data;
  // The dialog and the selection follow the list as it refetches (a booking, a tracking read).
  const current = (s: StaffShipment) => rows?.find((row) => row.id === s.id) ?? s;
  const open = opened ? current(opened) : null;
  const selectedRows = (rows ?? []).filter((row) => selected.has(String(row.id)));

  const columns: Column<StaffShipment>[] = [
    {
      id: 'shipment',
      header: 'Shipment',
      card: { slot: 'title', render: (s) => <span className="font-mono">{s.shipmentId}</span> },
      cell: (s) => {
        const count = packageIdsOf(s.packageIds).length;
        return (
          <CellLines
            main={s.shipmentId}
            sub={`${count} package${count === 1 ? '' : 's'}`}
            mainClassName="font-mono font-medium whitespace-nowrap"
            subClassName="whitespace-nowrap"
          />
        );
      },
    },
    {
      id: 'customer',
      header: 'Customer',
      cell: (s) => <CellLines main={s.customerName} sub={s.lockerNumber} mainClassName="max-w-44 truncate" subClassName="font-mono" />,
      card: { slot: 'line', render: (s) => `${s.customerName} · ${s.lockerNumber} · ${s.city}, ${s.destination}` },
    },
    {
      id: 'route',
      header: 'Route',
      showFrom: '@5xl',
      cellClassName: 'max-w-56',
      cell: (s) => <CellLines main={s.origin} sub={`→ ${s.city}, ${s.destination}`} truncate />,
    },
    {
      id: 'weight',
      header: 'Weight',
      showFrom: '@6xl',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (s) => formatKg(s.totalWeight),
    },
    {
      id: 'paid',
      header: 'Paid',
      showFrom: '@6xl',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (s) => formatMoney(s.amount, s.currency),
    },
    { id: 'status', header: 'Status', cell: (s) => <ShipmentStatusBadge status={s.shipmentStatus} />, card: 'aside' },
    {
      id: 'awb',
      header: 'AWB',
      cellClassName: 'max-w-72',
      cell: (s) => <CarrierSummary shipment={s} desk={desk} />,
      card: 'wide-field',
    },
    {
      id: 'processing',
      header: 'Processing date',
      showFrom: '@6xl',
      cellClassName: 'whitespace-nowrap',
      cell: (s) => (s.processingDate ? formatDateTime(s.processingDate) : '—'),
    },
    actionsColumn(
      (s) => {
        // Nothing to move by hand (delivered, or moved by the carrier's tracking): the dialog only shows it.
        const done = dispatchChoices(s).length === 0;
        // Booking is the next step of a shipment that can be booked; dispatching by hand is the other way.
        const bookable = carrierStateOf(s) === 'bookable';
        return (
          <div className="flex flex-wrap justify-end gap-2 @3xl:flex-nowrap">
            <CarrierActions shipment={s} desk={desk} compact />
            <button
              type="button"
              onClick={() => setOpened(s)}
              aria-label={`${done ? 'Open' : 'Dispatch'} ${s.shipmentId}`}
              className={buttonClasses(done || bookable ? 'secondary' : 'primary', 'sm')}
            >
              {done ? 'Open' : 'Dispatch'}
            </button>
          </div>
        );
      },
      { card: 'actions' },
    ),
  ];

  return (
    <>
      <PageHeader
        tabTitle="Dispatch"
        title="Dispatch"
        description="Paid shipments waiting to leave: book them with the carrier and print their labels (or enter an AWB from outside Hopbox), then follow them through Shipped and Delivered."
      />
      <FilterButtons label="Show shipments" options={VIEWS} value={view} onChange={(v) => list.setFilter('view', v)} className="mb-5" />
      <Card>
        <SelectionBar selectedRows={selectedRows} desk={desk} onClear={() => setSelected(new Map())} />
        <DataTable
          label="Shipments"
          columns={columns}
          {...serverPageTable(shipments, list, 'Shipments')}
          cards
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (s) => `Select ${s.shipmentId}`,
          }}
          emptyState={{
            icon: PlaneTakeoff,
            title:
              view === 'awaiting-dispatch'
                ? 'Nothing waiting to be dispatched'
                : `No ${view === 'all' ? 'paid' : view.toLowerCase()} shipments`,
            description: 'Shipments appear here once the customer has paid for them.',
          }}
        />
      </Card>
      <DispatchModal shipment={open} desk={desk} onClose={() => setOpened(null)} />
    </>
  );
}
