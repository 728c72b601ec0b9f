import { lifecycleMessages } from '@hopbox/contracts/lifecycle-messages';
import { formatMoney, toMajor, toMinor } from '@hopbox/contracts/money';
import { REFUND_REASON_MAX, refundInputSchema, type StaffPayment } from '@hopbox/contracts/payment-refunds';
import { useEffect, useMemo, useState } from 'react';
import { FailureForm } from '@/components/failure-form';
import { FormActions, TextField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { TextAreaField } from '@/components/textarea-field';
import { formatDateTime } from '@/lib/format';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useRefundPayment } from '../api/refund-payment';
import { refundableMinor } from '../payment-status';

const FIELDS = ['amount', 'reason'] as const;

type Mode = 'full' | 'part';

/** What the payment took, what went back already, and what is left to give back. */
function Totals({ payment, leftMinor }: { payment: StaffPayment; leftMinor: number }) {
  const money = (amount: number) => formatMoney(amount, payment.currency);
  const rows: [string, string][] = [
    ['Paid', money(payment.amount)],
    ['Refunded', money(payment.refundedAmount)],
    ['Left to refund', money(toMajor(leftMinor))],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-lg border border-line bg-subtle/60 p-3 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="font-medium text-fg tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The refunds made before, so nobody refunds the same thing twice. */
function EarlierRefunds({ payment }: { payment: StaffPayment }) {
  if (payment.refunds.length === 0) return null;
  return (
    <section aria-labelledby="earlier-refunds" className="space-y-2">
      <h3 id="earlier-refunds" className="text-sm font-semibold text-fg">
        Refunded before
      </h3>
      <ul className="divide-y divide-line rounded-lg border border-line text-sm">
        {payment.refunds.map((r) => (
          <li key={r.id} className="flex items-start justify-between gap-3 px-3 py-2">
            <span className="min-w-0">
              <span className="block break-words text-fg">{r.reason}</span>
              <span className="block text-xs text-muted">
                {formatDateTime(r.createdAt)}
                {r.staffName ? ` · ${r.staffName}` : ''}
              </span>
            </span>
            <span className="whitespace-nowrap font-medium text-fg tabular-nums">{formatMoney(r.amount, payment.currency)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Gives part or all of what is left of a captured payment back (decision 045): everything left, or an amount up to
 * it, with the reason the customer is mailed. The server checks the same limits again.
 */
export function RefundModal({ payment, onClose }: { payment: StaffPayment | null; onClose: () => void }) {
  const refund = useRefundPayment();
  const leftMinor = payment ? refundableMinor(payment) : 0;
  const left = toMajor(leftMinor).toFixed(2);
  const [mode, setMode] = useState<Mode>('full');
  const schema = useMemo(
    () =>
      refundInputSchema.refine((input) => toMinor(input.amount) <= leftMinor, {
        path: ['amount'],
        message: lifecycleMessages.refunds.tooMuch(formatMoney(toMajor(leftMinor), payment?.currency ?? 'AED')),
      }),
    [leftMinor, payment?.currency],
  );
  const form = useZodForm(schema, { defaultValues: { amount: left, reason: '' } });
  const reason = form.watch('reason') ?? '';

  useEffect(() => {
    if (payment) {
      setMode('full');
      form.reset({ amount: left, reason: '' });
      refund.reset();
    }
  }, [payment, left, form.reset, refund.reset]);

  const choose = (next: Mode) => {
    setMode(next);
    form.clearErrors('amount');
    form.setValue('amount', next === 'full' ? left : '');
    if (next === 'part') setTimeout(() => form.setFocus('amount'), 0);
  };

  const submit = form.handleSubmit(async (input) => {
    if (!payment) return;
    try {
      const done = await refund.mutateAsync({ id: payment.id, input });
      const amount = formatMoney(input.amount, payment.currency);
      toast.success(
        done.status === 'REFUNDED'
          ? `${amount} refunded: ${payment.orderRef} is fully refunded`
          : `${amount} refunded of ${payment.orderRef}`,
      );
      onClose();
    } catch (err) {
      showSubmitFailure(form, err, FIELDS);
    }
  });

  const typed = Number(form.watch('amount'));
  const submitLabel = Number.isFinite(typed) && typed > 0 ? `Refund ${formatMoney(typed, payment?.currency ?? 'AED')}` : 'Refund';
  const radioClasses = 'size-4 border-line-strong text-accent accent-[var(--accent)] focus:ring-2 focus:ring-ring/30';

  return (
    <Modal
      isOpen={payment !== null}
      onClose={onClose}
      title={payment ? `Refund ${payment.orderRef}` : 'Refund'}
      description={payment ? `${payment.customerName} · ${payment.lockerNumber ?? 'no locker'} · ${payment.customerEmail}` : undefined}
      maxWidth="max-w-lg"
    >
      {payment && (
        <FailureForm onSubmit={submit} failure={form.failure} aria-label={`Refund ${payment.orderRef}`}>
          <Totals payment={payment} leftMinor={leftMinor} />
          <EarlierRefunds payment={payment} />
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-fg">How much</legend>
            <label className="flex items-center gap-3 text-sm text-fg">
              <input type="radio" name="refund-mode" className={radioClasses} checked={mode === 'full'} onChange={() => choose('full')} />
              Everything left: {formatMoney(left, payment.currency)}
            </label>
            <label className="flex items-center gap-3 text-sm text-fg">
              <input type="radio" name="refund-mode" className={radioClasses} checked={mode === 'part'} onChange={() => choose('part')} />
              Part of it
            </label>
          </fieldset>
          <TextField
            label={`Amount (${payment.currency})`}
            inputMode="decimal"
            autoComplete="off"
            readOnly={mode === 'full'}
            hint={`At most ${formatMoney(left, payment.currency)}, with at most two decimals`}
            {...form.input('amount')}
          />
          <TextAreaField
            label="Reason"
            rows={3}
            maxLength={REFUND_REASON_MAX}
            hint={`The customer reads it in the refund mail and in Sent Shipments. ${reason.length}/${REFUND_REASON_MAX}`}
            {...form.input('reason')}
          />
          <FormActions onCancel={onClose} pending={refund.isPending} submitLabel={submitLabel} />
        </FailureForm>
      )}
    </Modal>
  );
}
