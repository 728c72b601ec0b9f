import {
  CLAIM_DECIDED,
  CLAIM_DECISION_LABELS,
  CLAIM_MESSAGE_MAX,
  CLAIM_RESOLUTION_LABELS,
  CLAIM_RESOLUTIONS,
  type ClaimDecision,
  type ClaimResolution,
  claimMessages,
  type StaffClaimUpdate,
  staffClaimDecisions,
  staffClaimUpdateSchema,
} from '@hopbox/contracts/claims';
import { CLAIM_LIFECYCLE, statusLabel } from '@hopbox/contracts/lifecycles';
import { formatMoney } from '@hopbox/contracts/money';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/button';
import { TitledCard } from '@/components/card';
import { TextAreaField } from '@/components/textarea-field';
import { UnitField } from '@/components/unit-field';
import { ApiError, errorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { type ClaimDetail, useDecideClaim } from '../api/staff-claims';

type Errors = Partial<Record<'resolution' | 'amount' | 'weight' | 'message', string>>;

/** One choice of a radio group, in a bordered row; `hint` says what choosing it does. */
function Choice({
  name,
  checked,
  onChoose,
  disabled = false,
  children,
  hint,
}: {
  name: string;
  checked: boolean;
  onChoose: () => void;
  disabled?: boolean;
  children: ReactNode;
  hint?: string;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors',
        checked ? 'border-accent bg-accent-soft/60 ring-1 ring-accent' : 'border-line hover:bg-subtle',
        disabled && 'cursor-not-allowed opacity-60 hover:bg-transparent',
      )}
    >
      <input
        id={id}
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChoose}
        className="mt-0.5 size-4 shrink-0 accent-(--color-accent)"
      />
      <span className="min-w-0">
        <span className="block text-sm font-medium text-fg">{children}</span>
        {hint && <span className="mt-0.5 block text-xs text-muted">{hint}</span>}
      </span>
    </label>
  );
}

const DECISION_HINTS: Record<ClaimDecision, string> = {
  APPROVED: 'Give the money back, or correct the weight.',
  REJECTED: 'Refuse it, saying why.',
  NEEDS_INFO: 'The customer answers with text and photos; the claim comes back to the queue.',
};

/** The amount typed as a number, or NaN when it is not one (the schema then says what is wrong). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/**
 * Staff's decision on a claim (decision 065): only the moves CLAIM_LIFECYCLE allows from its status. Approving a loss
 * refunds the card or credits the balance, for at most the amount claimed; approving a wrong weight re-weighs the
 * package. The message is required: it is mailed to the customer.
 */
export function DecisionForm({ claim }: { claim: ClaimDetail }) {
  const decisions = staffClaimDecisions(claim.status);
  const decide = useDecideClaim(claim.id);
  const group = useId();
  const paidByCard = claim.evidence.shipment?.paymentStatus === 'Paid';
  const [decision, setDecision] = useState<ClaimDecision | null>(null);
  const [resolution, setResolution] = useState<ClaimResolution>(paidByCard ? 'REFUND' : 'CREDIT');
  const [amount, setAmount] = useState(claim.amount.toFixed(2));
  const [weight, setWeight] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  if (decisions.length === 0) {
    return (
      <TitledCard title="Decision">
        <p className="px-5 py-4 text-sm text-muted sm:px-6">
          This claim is {statusLabel(CLAIM_LIFECYCLE, claim.status).toLowerCase()}: it is decided and moves no more.
        </p>
      </TitledCard>
    );
  }

  const weightClaim = claim.type === 'WRONG_WEIGHT';
  const bodyOf = (to: ClaimDecision): Record<string, unknown> => {
    if (to !== 'APPROVED') return { status: to, message };
    if (weightClaim) return { status: to, weight: numberOf(weight), message };
    return { status: to, resolution, amount: numberOf(amount), message };
  };

  const submit = async () => {
    if (!decision) return;
    const parsed = staffClaimUpdateSchema.safeParse(bodyOf(decision));
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= issue.message;
      }
    } else if ((parsed.data.amount ?? 0) > claim.amount) {
      found.amount = claimMessages.resolutionAmountOverClaim(claim.amount, claim.currency);
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      await decide.mutateAsync(parsed.data as StaffClaimUpdate);
      toast.success(CLAIM_DECIDED[decision], { description: claim.reference });
      setDecision(null);
      setMessage('');
    } catch (err) {
      // A field the API names (the amount past what was paid, a refund with nothing paid by card) is shown at it;
      // the rest (another decision under way, a move overtaken) is the app's error toast.
      const field = err instanceof ApiError ? err.field : undefined;
      if (field === 'resolution' || field === 'amount' || field === 'weight' || field === 'message') {
        setErrors({ [field]: errorMessage(err) });
      } else toast.error(errorMessage(err));
    }
  };

  const choose = (to: ClaimDecision) => {
    setDecision(to);
    setErrors({});
  };

  return (
    <TitledCard title="Decision" description="The customer is mailed your message with the decision.">
      <div className="space-y-5 px-5 py-4 sm:px-6">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-fg">What do you decide?</legend>
          {decisions.map((to) => (
            <Choice key={to} name={`${group}-decision`} checked={decision === to} onChoose={() => choose(to)} hint={DECISION_HINTS[to]}>
              {CLAIM_DECISION_LABELS[to]}
            </Choice>
          ))}
        </fieldset>

        {decision === 'APPROVED' && !weightClaim && (
          <div className="space-y-4">
            <fieldset className="space-y-2" aria-describedby={errors.resolution ? `${group}-resolution-error` : undefined}>
              <legend className="mb-2 text-sm font-medium text-fg">How it is paid back</legend>
              {CLAIM_RESOLUTIONS.map((r) => (
                <Choice
                  key={r}
                  name={`${group}-resolution`}
                  checked={resolution === r}
                  onChoose={() => setResolution(r)}
                  disabled={r === 'REFUND' && !paidByCard}
                  hint={
                    r === 'CREDIT'
                      ? 'Paid with their next shipment.'
                      : paidByCard
                        ? `At most what was paid for the shipment, ${formatMoney(claim.evidence.shipment?.amount, claim.currency)}, less refunds already made.`
                        : claimMessages.nothingPaid
                  }
                >
                  {CLAIM_RESOLUTION_LABELS[r]}
                </Choice>
              ))}
              {errors.resolution && (
                <p id={`${group}-resolution-error`} role="alert" className="text-xs font-medium text-danger">
                  {errors.resolution}
                </p>
              )}
            </fieldset>
            <UnitField
              label={`Amount (claimed: ${formatMoney(claim.amount, claim.currency)})`}
              unit={claim.currency}
              unitName="dirhams"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={errors.amount}
              containerClassName="max-w-xs"
            />
          </div>
        )}

        {decision === 'APPROVED' && weightClaim && (
          <UnitField
            label={`Corrected weight (now ${claim.evidence.packages[0]?.packageWeight ?? '—'} kg)`}
            unit="kg"
            unitName="kilograms"
            value={weight}
            onChange={(e) => setWeight(e.target.value)}
            error={errors.weight}
            containerClassName="max-w-xs"
          />
        )}

        {decision && (
          <>
            <TextAreaField
              label={decision === 'NEEDS_INFO' ? 'Your question to the customer' : 'Message to the customer'}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={CLAIM_MESSAGE_MAX}
              rows={4}
              error={errors.message}
            />
            <div className="flex justify-end">
              <Button
                variant={decision === 'REJECTED' ? 'danger' : 'primary'}
                loading={decide.isPending}
                onClick={() => void submit()}
                className="w-full sm:w-auto"
              >
                {decision === 'NEEDS_INFO' ? 'Send the question' : `${CLAIM_DECISION_LABELS[decision]} the claim`}
              </Button>
            </div>
          </>
        )}
      </div>
    </TitledCard>
  );
}
