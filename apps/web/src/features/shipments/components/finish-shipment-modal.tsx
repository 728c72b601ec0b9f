import { type CarrierOption, transitWords } from '@hopbox/contracts/carrier-options';
import { DEFAULT_CURRENCY } from '@hopbox/contracts/constants';
import { messages } from '@hopbox/contracts/messages';
import { formatMoney } from '@hopbox/contracts/money';
import { packedBoxOf } from '@hopbox/contracts/packed-box';
import { balanceSplit, PAID_FROM_BALANCE, withAccountBalance } from '@hopbox/contracts/price-breakdown';
import { choiceOnLines } from '@hopbox/contracts/price-choice';
import type { ConsolidatedShipment } from '@hopbox/contracts/shipments';
import { CreditCard, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { BalanceOption } from '@/components/balance-option';
import { Button } from '@/components/button';
import { DetailItem } from '@/components/detail-list';
import { Modal } from '@/components/modal';
import { useAccountBalance } from '@/lib/account-balance';
import { hasErrorCode } from '@/lib/api-errors';
import { formatDimensions, formatWeight, packageIdsOf, priceHeldUntil } from '@/lib/format';
import { paymentStartFailure } from '@/lib/payment-errors';
import { callbackUrl, goToPaymentPage, useGenerateConsolidationPayment } from '@/lib/payment-link';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { CarrierOptions } from './carrier-options';
import { DutiesOption } from './duties-option';
import { InsuranceOption } from './insurance-option';
import { PackageIdList } from './table-parts';

/** The packed box the price comes from, or null while it is an estimate. */
function packedBoxShown(s: ConsolidatedShipment) {
  const box = packedBoxOf({
    packedWeight: s.packed_weight,
    packedLength: s.packed_length,
    packedBreadth: s.packed_breadth,
    packedHeight: s.packed_height,
  });
  return box && { weight: box.packedWeight, size: formatDimensions(box.packedLength, box.packedBreadth, box.packedHeight) };
}

/** The option's name and delivery time; SPEC.md's Express at normal service when the price has no options. */
const serviceName = (option: CarrierOption | null) =>
  option ? `${option.name} (${transitWords(option.transitDays)})` : 'Express (XPS), normal service (NOR)';

/** Why a consolidation cannot be paid for as listed, in SPEC.md's words; undefined when it can. */
export function finishBlocker(shipment: ConsolidatedShipment): string | undefined {
  if (!shipment.origin.trim() || !shipment.destination.trim() || !(shipment.total_weight > 0)) return messages.shipments.invalidPriceInput;
  if (shipment.amount === null) return messages.shipments.priceUnavailable;
  if (!(shipment.amount > 0)) return messages.shipments.invalidAmount;
  return undefined;
}

/**
 * SPEC.md's Finish Shipments modal: origin, destination, total weight and the calculated amount,
 * then Proceed to Payment (consolidation-payment/generate) and off to the payment page. The amount
 * is the server's price of the consolidation: its packed box once the warehouse recorded it (decision
 * 026), shown beside it; Recalculate asks for it again.
 */
export function FinishShipmentModal({
  shipment,
  onClose,
  onRecalculate,
  recalculating,
}: {
  shipment: ConsolidatedShipment | null;
  onClose: () => void;
  onRecalculate: () => Promise<unknown>;
  recalculating: boolean;
}) {
  return shipment ? (
    <FinishDialog shipment={shipment} onClose={onClose} onRecalculate={onRecalculate} recalculating={recalculating} />
  ) : null;
}

function FinishDialog({
  shipment,
  onClose,
  onRecalculate,
  recalculating,
}: {
  shipment: ConsolidatedShipment;
  onClose: () => void;
  onRecalculate: () => Promise<unknown>;
  recalculating: boolean;
}) {
  const session = useSession();
  const packageIds = packageIdsOf(shipment.package_ids);
  const generate = useGenerateConsolidationPayment();
  const [redirecting, setRedirecting] = useState(false);
  const [failure, setFailure] = useState<{ title: string; description?: string }>();
  const [insured, setInsured] = useState(false);
  const [useBalance, setUseBalance] = useState(false);
  const [optionId, setOptionId] = useState<string | null>(shipment.option);
  const [dutiesPaid, setDutiesPaid] = useState(false);
  const balance = useAccountBalance();
  const blocker = finishBlocker(shipment);
  // The server's lines (shipping, storage fees) for the option chosen, with the premium when chosen and the duties
  // when prepaid, reckoned as the server charges them (decisions 070, 071); then what the account balance pays, when
  // chosen (decision 063), and the rest is the card's.
  // An option the list no longer offers (it was read again meanwhile) falls back to the cheapest, as the server's does.
  const option = shipment.options.some((o) => o.id === optionId) ? optionId : null;
  const priced = choiceOnLines(
    shipment.breakdown,
    { currency: shipment.currency, options: shipment.options, insurance: shipment.insurance, dutiesBasis: shipment.duties_basis },
    { insured, option, dutiesPaid },
  ) as NonNullable<ReturnType<typeof choiceOnLines>>;
  const split = balanceSplit(priced.total, useBalance ? balance : 0);
  const charge = withAccountBalance(priced.lines, split.fromBalance);
  const packed = packedBoxShown(shipment);
  const busy = generate.isPending || redirecting;

  const proceed = async () => {
    if (!session) return;
    if (blocker) return void toast.error(blocker);
    setFailure(undefined);
    try {
      const link = await generate.mutateAsync({
        shipmentIds: [shipment.id],
        amount: charge.total.toFixed(2),
        insurance: insured && Boolean(shipment.insurance),
        useBalance: split.fromBalance > 0,
        ...(priced.option ? { option: priced.option.id } : {}),
        dutiesPaid,
        userId: session.user.id,
        currency: DEFAULT_CURRENCY,
        redirectUrl: callbackUrl('consolidation'),
      });
      if (!link?._links?.payment?.href) {
        setFailure({ title: messages.shipments.paymentLinkFailed });
        return void toast.error(messages.shipments.paymentLinkFailed);
      }
      setRedirecting(true);
      toast.success(link.paid ? PAID_FROM_BALANCE : messages.shipments.redirectingToPayment);
      goToPaymentPage(link);
    } catch (err) {
      const f = paymentStartFailure(err);
      setFailure(f);
      toast.error(f.title, { description: f.description });
      // The price moved since the list was loaded: fetch the current one so the customer can pay it.
      if (hasErrorCode(err, 'AMOUNT_MISMATCH')) void onRecalculate();
    }
  };

  return (
    <Modal
      isOpen
      onClose={busy ? () => {} : onClose}
      title="Finish Shipments"
      description={`Pay for ${shipment.shipment_id} so we can dispatch it.`}
      maxWidth="max-w-lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={proceed} loading={busy} disabled={Boolean(blocker) || recalculating}>
            {!busy && <CreditCard className="size-4" aria-hidden="true" />}
            {redirecting ? 'Redirecting...' : generate.isPending ? 'Preparing payment...' : 'Proceed to Payment'}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-xl border border-line p-4">
          <DetailItem label="Shipment ID">{shipment.shipment_id}</DetailItem>
          <DetailItem label="Total Weight">{formatWeight(shipment.total_weight)}</DetailItem>
          {packed && (
            <>
              <DetailItem label="Packed Weight">{formatWeight(packed.weight)}</DetailItem>
              <DetailItem label="Packed Size">{packed.size}</DetailItem>
            </>
          )}
          <DetailItem label="Origin">{shipment.origin || 'N/A'}</DetailItem>
          <DetailItem label="Destination">{shipment.destination || 'N/A'}</DetailItem>
          <DetailItem label={`Packages (${packageIds.length})`} className="col-span-2">
            <PackageIdList ids={packageIds} max={10} />
          </DetailItem>
        </dl>

        <section aria-label="Amount to Pay" aria-busy={recalculating} className="rounded-xl border border-line bg-subtle/60 p-4 sm:p-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 className="text-sm font-semibold text-fg">Amount to Pay</h3>
            <Button variant="secondary" size="sm" onClick={() => void onRecalculate()} loading={recalculating} disabled={busy}>
              {!recalculating && <RefreshCw className="size-3.5" aria-hidden="true" />}
              Recalculate
            </Button>
          </div>
          <div className="mt-3" aria-live="polite">
            {blocker ? (
              <Alert tone="error">{blocker}</Alert>
            ) : (
              <>
                <p className="text-2xl font-semibold tracking-tight text-fg tabular-nums" data-testid="finish-amount">
                  {formatMoney(charge.total, shipment.currency || DEFAULT_CURRENCY)}
                </p>
                {charge.lines.length > 1 && (
                  <dl className="mt-3 divide-y divide-line border-y border-line" aria-label="Price lines">
                    {charge.lines.map((line) => (
                      <div key={line.label} className="flex items-baseline justify-between gap-4 py-1.5 text-sm">
                        <dt className="text-muted">{line.label}</dt>
                        <dd className="whitespace-nowrap text-right text-fg tabular-nums">
                          {formatMoney(line.amount, shipment.currency || DEFAULT_CURRENCY)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
                <p className="mt-1 text-sm text-muted">
                  {packed
                    ? `${serviceName(priced.option)}, priced from the packed box (${formatWeight(packed.weight)}, ${packed.size}): the larger of its actual and volumetric weight is charged.`
                    : `${serviceName(priced.option)}, estimated from the ${packageIds.length} packages packed as one box.`}
                </p>
                {shipment.price_held_until && (
                  <p className="mt-1 text-sm font-medium text-fg" data-testid="finish-held-until">
                    {priceHeldUntil(shipment.price_held_until)}; after that, storage fees that accrue until you pay are added.
                  </p>
                )}
              </>
            )}
          </div>
        </section>

        {!blocker && (
          <CarrierOptions options={shipment.options} chosen={priced.option?.id ?? null} onChoose={setOptionId} disabled={busy} />
        )}
        {!blocker && <DutiesOption duties={priced.duties} prepaid={dutiesPaid} onChange={setDutiesPaid} disabled={busy} />}
        {!blocker && <InsuranceOption offer={shipment.insurance} checked={insured} onChange={setInsured} disabled={busy} />}
        {!blocker && (
          <BalanceOption
            balance={balance}
            split={balanceSplit(priced.total, balance)}
            currency={shipment.currency || DEFAULT_CURRENCY}
            checked={useBalance}
            onChange={setUseBalance}
            disabled={busy}
          />
        )}

        {failure && (
          <Alert tone="error">
            <p className="font-medium">{failure.title}</p>
            {failure.description && <p className="mt-1">{failure.description}</p>}
          </Alert>
        )}
      </div>
    </Modal>
  );
}
