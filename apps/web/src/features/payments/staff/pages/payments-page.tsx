import { type PaymentStatus, REFUNDABLE_PAYMENT_STATUSES } from '@hopbox/contracts/lifecycles';
import { formatMoney } from '@hopbox/contracts/money';
import type { StaffPayment } from '@hopbox/contracts/payment-refunds';
import { CreditCard, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Button, buttonClasses } from '@/components/button';
import { Card } from '@/components/card';
import { actionsColumn, CellLines, type Column, DataTable } from '@/components/data-table';
import { FilterButtons } from '@/components/filter-buttons';
import { PageHeader } from '@/components/page-header';
import { formatDateTime, formatShortDate } from '@/lib/format';
import { oneOf } from '@/lib/list-params';
import { serverPageTable } from '@/lib/server-page';
import { useClampPage, useListParams } from '@/lib/use-list-params';
import { useStaffPayments } from '../api/get-staff-payments';
import { RefundModal } from '../components/refund-modal';
import { PAYMENT_KIND_LABELS, PAYMENT_STATUS_LABELS, PAYMENT_STATUS_TONES, refundableMinor } from '../payment-status';

type View = PaymentStatus | 'all';

/** Needing attention first: money taken that made no shipment is what this page is for. */
const VIEWS: { value: View; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'NEEDS_ATTENTION', label: PAYMENT_STATUS_LABELS.NEEDS_ATTENTION },
  { value: 'CAPTURED', label: PAYMENT_STATUS_LABELS.CAPTURED },
  { value: 'PARTIALLY_REFUNDED', label: PAYMENT_STATUS_LABELS.PARTIALLY_REFUNDED },
  { value: 'REFUNDED', label: PAYMENT_STATUS_LABELS.REFUNDED },
  { value: 'PENDING', label: PAYMENT_STATUS_LABELS.PENDING },
  { value: 'FAILED', label: PAYMENT_STATUS_LABELS.FAILED },
  { value: 'EXPIRED', label: PAYMENT_STATUS_LABELS.EXPIRED },
];
const VIEW_VALUES = VIEWS.map((v) => v.value);

function StatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge tone={PAYMENT_STATUS_TONES[status]} dot>
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The shipments a payment made or pays for; a payment needing attention usually made none. */
function Shipments({ payment }: { payment: StaffPayment }) {
  if (payment.shipmentCodes.length === 0) return <span className="text-muted">None made</span>;
  return (
    <span className="block max-w-48 font-mono text-xs leading-5 break-words">
      {payment.shipmentCodes.map((code) => (
        <span key={code} className="block">
          {code}
        </span>
      ))}
    </span>
  );
}

/** The amount, and under it what went back of it. */
function Amount({ payment }: { payment: StaffPayment }) {
  return (
    <CellLines
      main={formatMoney(payment.amount, payment.currency)}
      sub={payment.refundedAmount > 0 ? `${formatMoney(payment.refundedAmount, payment.currency)} refunded` : 'Nothing refunded'}
      mainClassName="font-medium whitespace-nowrap tabular-nums"
      subClassName="whitespace-nowrap tabular-nums"
    />
  );
}

/** /staff/payments: every payment with its customer, shipments and refunds; a payment's captured money can be given back. */
export default function PaymentsPage() {
  const list = useListParams({ filters: { status: 'all' }, defaultPageSize: 20 });
  const status = oneOf(VIEW_VALUES, list.filters.status);
  const { page, pageSize } = list;
  const payments = useStaffPayments({ status, page, pageSize });
  // A capped count is no last page to clamp to: pages past it exist (decision 072).
  const total = payments.data?.totalCapped ? undefined : payments.data?.total;
  useClampPage(list, total);
  const [refunding, setRefunding] = useState<StaffPayment | null>(null);
  // The dialog follows the list as it is read again.
  const open = refunding ? (payments.data?.data.find((p) => p.id === refunding.id) ?? refunding) : null;

  const columns: Column<StaffPayment>[] = [
    {
      id: 'payment',
      header: 'Payment',
      cell: (p) => (
        <CellLines
          main={p.orderRef}
          sub={`${PAYMENT_KIND_LABELS[p.kind]} · ${p.provider}`}
          mainClassName="font-mono text-sm font-medium break-all"
          title={p.orderRef}
        />
      ),
      cellClassName: 'max-w-64',
      card: { slot: 'title', render: (p) => <span className="font-mono break-all">{p.orderRef}</span> },
    },
    {
      id: 'customer',
      header: 'Customer',
      cell: (p) => (
        <CellLines main={p.customerName} sub={p.lockerNumber ?? '—'} mainClassName="max-w-44 truncate" subClassName="font-mono" />
      ),
      card: { slot: 'line', render: (p) => `${p.customerName} · ${p.lockerNumber ?? '—'}` },
    },
    { id: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} />, card: 'aside', skeleton: 'h-5 w-24 rounded-full' },
    { id: 'amount', header: 'Amount', cell: (p) => <Amount payment={p} />, card: { slot: 'field', render: (p) => <Amount payment={p} /> } },
    { id: 'shipments', header: 'Shipments', showFrom: '@3xl', cell: (p) => <Shipments payment={p} />, card: 'field' },
    {
      id: 'created',
      header: 'Opened',
      showFrom: '@4xl',
      cellClassName: 'whitespace-nowrap text-muted',
      cell: (p) => (
        <time dateTime={p.createdAt} title={formatDateTime(p.createdAt)}>
          {formatShortDate(p.createdAt)}
        </time>
      ),
      card: { slot: 'field', render: (p) => formatDateTime(p.createdAt) },
    },
    actionsColumn(
      (p) =>
        refundableMinor(p) > 0 ? (
          <button
            type="button"
            onClick={() => setRefunding(p)}
            aria-label={`Refund ${p.orderRef}`}
            className={buttonClasses(p.status === 'NEEDS_ATTENTION' ? 'primary' : 'secondary', 'sm')}
          >
            Refund
          </button>
        ) : (
          <span className="text-xs text-muted">
            {p.status === 'REFUNDED' || REFUNDABLE_PAYMENT_STATUSES.includes(p.status) ? 'All refunded' : 'Nothing captured'}
          </span>
        ),
      { card: 'actions' },
    ),
  ];

  return (
    <>
      <PageHeader
        tabTitle="Payments"
        title="Payments"
        description="Every card payment with its customer and shipments. A payment needing attention took money but made no shipment: refund it, in full or in part."
        actions={
          <Button variant="secondary" loading={payments.isFetching} onClick={() => void payments.refetch()}>
            {!payments.isFetching && <RefreshCw className="size-4" aria-hidden="true" />}
            Refresh
          </Button>
        }
      />
      <FilterButtons label="Show payments" options={VIEWS} value={status} onChange={(v) => list.setFilter('status', v)} className="mb-5" />
      <Card>
        <DataTable
          label="Payments"
          columns={columns}
          {...serverPageTable(payments, list, 'Payments')}
          cards
          emptyState={{
            icon: CreditCard,
            title:
              status === 'all'
                ? 'No payments yet'
                : status === 'NEEDS_ATTENTION'
                  ? 'No payment needs attention'
                  : `No ${PAYMENT_STATUS_LABELS[status].toLowerCase()} payments`,
            description:
              status === 'NEEDS_ATTENTION'
                ? 'Every payment that took money made its shipment, or was refunded.'
                : 'Payments appear here as soon as a customer starts paying.',
          }}
        />
      </Card>
      <RefundModal payment={open} onClose={() => setRefunding(null)} />
    </>
  );
}
