import type { DutyRuleView } from '@hopbox/contracts/duty-rules';
import { ActionModal } from '@/components/action-modal';
import { errorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useDeleteDutyRule } from '../api/duty-rules';

/** Asks before removing a rule: prices to that country then stop estimating duties. */
export function DeleteDutyRuleModal({ rule, onClose }: { rule: DutyRuleView | null; onClose: () => void }) {
  const remove = useDeleteDutyRule();
  return (
    <ActionModal
      isOpen={rule !== null}
      onClose={onClose}
      title="Remove duty rule"
      action="Remove"
      pendingAction="Removing..."
      variant="danger"
      mutation={remove}
      onAction={async () => {
        if (!rule) return;
        try {
          await remove.mutateAsync(rule.countryCode);
          toast.success(`Duty rule for ${rule.countryName} removed`);
        } catch (err) {
          toast.error(errorMessage(err));
          throw err;
        }
      }}
    >
      {rule && (
        <p>
          Remove the duty rule for <strong>{rule.countryName}</strong>? Prices to {rule.countryName} then say import duties and taxes are
          not estimated.
        </p>
      )}
    </ActionModal>
  );
}
