import { type Address, shipmentAddressOf } from '@hopbox/contracts/addresses';
import { DEFAULT_CURRENCY } from '@hopbox/contracts/constants';
import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import { messages } from '@hopbox/contracts/messages';
import { formatMoney } from '@hopbox/contracts/money';
import { isDamaged, type Package } from '@hopbox/contracts/packages';
import { balanceSplit, INSURE_AT_PAYMENT, PAID_FROM_BALANCE } from '@hopbox/contracts/price-breakdown';
import type { CalculatePriceBody, PriceResponse } from '@hopbox/contracts/pricing';
import { ArrowLeft, ArrowRight, CreditCard, PackageCheck } from 'lucide-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/alert';
import { BalanceOption } from '@/components/balance-option';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { useAccountBalance } from '@/lib/account-balance';
import { errorMessage, hasErrorCode } from '@/lib/api-errors';
import { priceHeldUntil } from '@/lib/format';
import { paymentStartFailure } from '@/lib/payment-errors';
import { callbackUrl, goToPaymentPage, useGenerateShipmentPayment } from '@/lib/payment-link';
import { attachOrderRef, clearPendingShipment, savePendingShipment, temporaryShipmentReference } from '@/lib/pending-shipment';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/use-session';
import { useShippingPrice } from '../api/calculate-shipping-price';
import { useCreateShipment } from '../api/create-shipment';
import { useShippingAddresses } from '../api/get-shipping-addresses';
import { originsOf } from '../shipment-price';
import { AddressStep } from './address-step';
import { CarrierOptions } from './carrier-options';
import { ConfirmStep } from './confirm-step';
import { DutiesOption } from './duties-option';
import { InsuranceOption } from './insurance-option';
import { PackageDetailsStep } from './package-details-step';
import { ShippingPricePanel } from './shipping-price-panel';
import { WizardSteps } from './wizard-steps';

const STEPS = ['Package Details', 'Shipping Address', 'Confirm'] as const;

/** How the single package's price is paid: by card, or partly or wholly from the account balance (decision 063). */
function payNote(split: { fromBalance: number; card: number }, currency: string) {
  if (split.fromBalance <= 0) return `You will pay ${formatMoney(split.card, currency)} by card on our payment provider's secure page.`;
  if (split.card <= 0) return `Your account balance pays all ${formatMoney(split.fromBalance, currency)}: no card payment is needed.`;
  return `Your account balance pays ${formatMoney(split.fromBalance, currency)}; you will pay the other ${formatMoney(split.card, currency)} by card on our payment provider's secure page.`;
}

/** A consolidation's carrier and duties are chosen when it is paid for, once packed. */
const CHOOSE_AT_PAYMENT = 'You confirm the carrier, and whether to prepay duties, when you pay for the packed consolidation.';

/** The option the price is for, as the confirmation names it. */
const chosenOption = (price: PriceResponse | undefined) => price?.options?.find((o) => o.id === price.option) ?? null;

/** Issue "Declare, insure": a price shown is charged as shown until then. */
const heldUntil = (validUntil: string | undefined) => (validUntil ? ` ${priceHeldUntil(validUntil)}.` : '');

/** What the wizard needs from the addresses feature's form to add an address without leaving. */
export interface NewAddressFormProps {
  isOpen: boolean;
  onClose: () => void;
  /** The customer has no address yet: the new one becomes the default. */
  isFirst: boolean;
  onSaved: (address: Address) => void;
}

export interface CreateShipmentWizardProps {
  isOpen: boolean;
  onClose: () => void;
  selectedPackages: Package[];
  /** Called after a consolidated shipment was created (a single package leaves for the payment page instead). */
  onCreated: () => void;
  /**
   * The Addresses page's form, plugged in by the route (features do not import each other's internals):
   * step 2's Add address opens it over the wizard.
   */
  addressForm?: ComponentType<NewAddressFormProps>;
  /** Step 1's "Complete declaration for HBX…": the page closes the wizard and opens the package's declaration form. */
  onCompleteDeclaration?: (pkg: Package) => void;
}

/**
 * SPEC.md's 3-step Create New Shipment wizard: 1 package details, 2 address and notes (with the
 * price), 3 confirmation; one package is paid by card, several become a Pending consolidation.
 * Each opening starts afresh at step 1.
 */
export function CreateShipmentWizard(props: CreateShipmentWizardProps) {
  return props.isOpen ? <WizardDialog {...props} /> : null;
}

function WizardDialog({
  onClose,
  selectedPackages: packages,
  onCreated,
  addressForm: AddressForm,
  onCompleteDeclaration,
}: CreateShipmentWizardProps) {
  const session = useSession();
  const [step, setStep] = useState(1);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [addressError, setAddressError] = useState<string>();
  const [actionError, setActionError] = useState<{ title: string; description?: string }>();
  const [redirecting, setRedirecting] = useState(false);
  const [addingAddress, setAddingAddress] = useState(false);
  // Insurance is offered unticked; a single package is insured with its payment, a consolidation when it is paid.
  const [insured, setInsured] = useState(false);
  // The carrier option (decision 070): the cheapest until the customer picks one; duties are paid at the door unless
  // prepaid (decision 071).
  const [optionId, setOptionId] = useState<string | null>(null);
  const [dutiesPaid, setDutiesPaid] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  const addresses = useShippingAddresses();
  // A damaged package may still be shipped: the customer is told before going on.
  const damaged = packages.filter(isDamaged).map((p) => p.hopboxId);
  const book = addresses.data ?? [];
  // The default address is preselected until the customer picks another.
  const address = book.find((a) => a.id === chosenId) ?? book.find((a) => a.isDefault) ?? book[0] ?? null;
  const origins = originsOf(packages);
  const single = packages.length === 1;
  // Decision 026: the server prices the packages themselves (by Hopbox ID): one package at what its card
  // payment charges, several as the estimate of their consolidation.
  const request: CalculatePriceBody | null =
    address && packages.length > 0 && origins.length === 1
      ? {
          packages: packages.map((p) => p.hopboxId),
          destination: address.country,
          insurance: single && insured,
          ...(optionId ? { option: optionId } : {}),
          dutiesPaid: single && dutiesPaid,
        }
      : null;
  // SPEC.md section 4: priced on choosing an address (step 2) and on reaching step 3.
  const price = useShippingPrice(request, step >= 2);
  const balance = useAccountBalance();
  const [useBalance, setUseBalance] = useState(false);
  // What the account balance pays of the single package's price when chosen (decision 063); the card pays the rest.
  const split = balanceSplit(price.data?.price ?? 0, single && useBalance ? balance : 0);
  const generate = useGenerateShipmentPayment();
  const create = useCreateShipment();
  const busy = generate.isPending || create.isPending || redirecting;

  // A new step moves the focus to its heading, so keyboard and screen reader users start at its top.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const next = () => {
    if (step === 1) {
      if (packages.length === 0) return void toast.error(messages.shipments.selectPackage);
      if (origins.length > 1) return void toast.error(messages.shipments.differentOrigins);
      const undeclared = packages.filter((p) => !p.declarationComplete).map((p) => p.hopboxId);
      if (undeclared.length > 0) return void toast.error(declarationMessages.incomplete(undeclared));
    }
    if (step === 2 && !address) {
      setAddressError(messages.shipments.selectAddress);
      return void toast.error(messages.shipments.selectAddress);
    }
    setStep((s) => Math.min(STEPS.length, s + 1));
  };

  const previous = () => {
    setActionError(undefined);
    setStep((s) => Math.max(1, s - 1));
  };

  const payload = () => {
    if (!address) throw new Error('no address');
    return {
      addressId: address.id,
      ...shipmentAddressOf(address),
      notes: notes.trim() || null,
    };
  };

  /** SPEC.md section 4, single-package flow: keep the draft, make a TEMP_ reference, ask for a payment link, go. */
  const proceedToPayment = async () => {
    const pkg = packages[0];
    if (!pkg || !address || !session) return;
    if (!((price.data?.price ?? 0) > 0)) return void toast.error(messages.shipments.invalidAmount);
    const amount = split.card;
    setActionError(undefined);
    const tempReference = temporaryShipmentReference();
    const currency = price.data?.currency ?? DEFAULT_CURRENCY;
    savePendingShipment({
      tempReference,
      amount: amount.toFixed(2),
      currency,
      payload: { packages: [pkg.hopboxId], ...payload(), isSinglePackage: true, shipmentStatus: 'Finalized' },
    });
    try {
      const link = await generate.mutateAsync({
        shipmentId: tempReference,
        amount: amount.toFixed(2),
        userId: session.user.id,
        currency: DEFAULT_CURRENCY,
        redirectUrl: callbackUrl('shipment'),
        packages: [pkg.id],
        addressId: address.id,
        notes: notes.trim() || null,
        insurance: insured,
        useBalance: split.fromBalance > 0,
        ...(price.data?.option ? { option: price.data.option } : {}),
        dutiesPaid,
      });
      if (!link?._links?.payment?.href) {
        clearPendingShipment();
        setActionError({ title: messages.shipments.paymentLinkFailed });
        return void toast.error(messages.shipments.paymentLinkFailed);
      }
      attachOrderRef(link.orderRef);
      setRedirecting(true);
      toast.success(link.paid ? PAID_FROM_BALANCE : messages.shipments.redirectingToPayment);
      goToPaymentPage(link);
    } catch (err) {
      clearPendingShipment();
      const failure = paymentStartFailure(err);
      setActionError(failure);
      toast.error(failure.title, { description: failure.description });
      // The price changed on the server: show the new one.
      if (hasErrorCode(err, 'AMOUNT_MISMATCH')) void price.refetch();
    }
  };

  /** SPEC.md section 4, multi-package flow: the shipment is created directly as Pending. */
  const createShipment = async () => {
    if (!address) return;
    setActionError(undefined);
    try {
      const created = await create.mutateAsync({
        packages: packages.map((p) => p.hopboxId),
        ...payload(),
        isSinglePackage: false,
        shipmentStatus: 'Pending',
      });
      toast.success(messages.shipments.created, { description: `${created.shipmentId} is now in Shipments Progress.` });
      onCreated();
      onClose();
    } catch (err) {
      const reason = errorMessage(err, messages.shipments.createFailed);
      const failure = {
        title: messages.shipments.createFailed,
        description: reason === messages.shipments.createFailed ? undefined : reason,
      };
      setActionError(failure);
      toast.error(failure.title, { description: failure.description });
    }
  };

  const priceReady = Boolean(price.data && price.data.price > 0) && !price.isFetching;
  // The single package's amount, with the shared money format: above the pay button and on it.
  const amountToPay = single && step === STEPS.length && price.data ? formatMoney(split.card, price.data.currency) : null;
  const paying = generate.isPending || redirecting;

  const footer = (
    <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
      {amountToPay && (
        <p className="flex items-baseline justify-between gap-3 text-sm text-muted sm:mr-auto sm:justify-start">
          Amount to pay
          <strong className="text-lg font-semibold text-fg tabular-nums" data-testid="amount-to-pay">
            {amountToPay}
          </strong>
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {step === 1 ? (
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        ) : (
          <Button variant="secondary" onClick={previous} disabled={busy}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Previous
          </Button>
        )}
        {step < STEPS.length ? (
          <Button onClick={next}>
            Next
            <ArrowRight className="size-4" aria-hidden="true" />
          </Button>
        ) : single ? (
          <Button onClick={proceedToPayment} loading={paying} disabled={!priceReady || !address}>
            {!paying && <CreditCard className="size-4" aria-hidden="true" />}
            {redirecting
              ? 'Redirecting...'
              : generate.isPending
                ? 'Preparing payment...'
                : amountToPay && priceReady
                  ? `Pay ${amountToPay}`
                  : 'Pay'}
          </Button>
        ) : (
          <Button onClick={createShipment} loading={create.isPending} disabled={!address}>
            {!create.isPending && <PackageCheck className="size-4" aria-hidden="true" />}
            {create.isPending ? 'Creating...' : 'Create Shipment'}
          </Button>
        )}
      </div>
    </div>
  );

  // Several packages: the server's estimate from the packages; the price to pay comes once they are packed.
  const priceNote = single ? undefined : messages.shipments.estimateNote;
  const insurance = single ? (
    price.data && <InsuranceOption offer={price.data.insurance} checked={insured} onChange={setInsured} disabled={busy} />
  ) : (
    <p className="text-sm text-muted">{INSURE_AT_PAYMENT}</p>
  );
  // The carriers side by side and what customs will ask (issue "No surprise at the door").
  const choices = price.data && (
    <>
      <CarrierOptions
        options={price.data.options ?? []}
        chosen={optionId ?? price.data.option}
        onChoose={setOptionId}
        disabled={busy || price.isFetching}
        note={single ? undefined : CHOOSE_AT_PAYMENT}
      />
      <DutiesOption duties={price.data.duties} prepaid={dutiesPaid} onChange={setDutiesPaid} disabled={busy} canPrepay={single} />
    </>
  );

  return (
    <Modal
      isOpen
      onClose={busy ? () => {} : onClose}
      title="Create New Shipment"
      description={`Step ${step} of ${STEPS.length}: ${STEPS[step - 1]}`}
      maxWidth="max-w-4xl"
      footer={footer}
    >
      <div className="space-y-5">
        <WizardSteps steps={STEPS} current={step} />
        <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-fg focus:outline-none">
          {step === 1 ? 'Package details' : step === 2 ? 'Select a shipping address' : 'Review and confirm'}
        </h3>

        {step === 1 && (
          <>
            {damaged.length > 0 && <Alert tone="warning">{messages.shipments.damagedWarning(damaged)}</Alert>}
            <PackageDetailsStep packages={packages} onCompleteDeclaration={onCompleteDeclaration} />
          </>
        )}

        {step === 2 && (
          <>
            <AddressStep
              addresses={addresses}
              selectedId={address?.id ?? null}
              onSelect={(id) => {
                setChosenId(id);
                // Another destination has options of its own: the cheapest again until the customer picks.
                setOptionId(null);
                setAddressError(undefined);
              }}
              onAddAddress={AddressForm ? () => setAddingAddress(true) : undefined}
              notes={notes}
              onNotesChange={setNotes}
              error={addressError}
            />
            {address && choices}
            {address && insurance}
            {address && (
              <ShippingPricePanel
                title={single ? 'Shipping Price' : 'Estimated Shipping Price'}
                price={price}
                onCalculate={() => void price.refetch()}
                note={priceNote}
              />
            )}
          </>
        )}

        {AddressForm && (
          <AddressForm
            isOpen={addingAddress}
            onClose={() => setAddingAddress(false)}
            isFirst={book.length === 0}
            onSaved={(saved) => {
              setChosenId(saved.id);
              setAddressError(undefined);
            }}
          />
        )}

        {step === 3 && address && (
          <>
            <ConfirmStep packages={packages} address={address} notes={notes} option={chosenOption(price.data)} />
            {choices}
            {insurance}
            {single && price.data && (
              <BalanceOption
                balance={balance}
                split={balanceSplit(price.data.price, balance)}
                currency={price.data.currency}
                checked={useBalance}
                onChange={setUseBalance}
                disabled={busy}
              />
            )}
            <ShippingPricePanel
              title={single ? 'Amount to Pay' : 'Estimated Shipping Price'}
              price={price}
              onCalculate={() => void price.refetch()}
              note={
                single
                  ? price.data
                    ? `${payNote(split, price.data.currency)}${heldUntil(price.data.validUntil)}`
                    : 'The price is needed before you can pay.'
                  : priceNote
              }
            />
            {actionError && (
              <Alert tone="error">
                <p className="font-medium">{actionError.title}</p>
                {actionError.description && <p className="mt-1">{actionError.description}</p>}
              </Alert>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
