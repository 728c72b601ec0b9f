import { COUNTRIES } from '@hopbox/contracts/countries';
import type { DutyBasis } from '@hopbox/contracts/duties';
import type { DutyRuleView } from '@hopbox/contracts/duty-rules';
import { useEffect, useId } from 'react';
import { FailureForm } from '@/components/failure-form';
import { FormActions, SelectField, TextField } from '@/components/form-field';
import { FormSection } from '@/components/form-section';
import { Modal } from '@/components/modal';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useSaveDutyRule } from '../api/duty-rules';
import { dutyRuleFormSchema, formValuesOf } from '../duty-rule-form';
import { ChapterRatesField } from './chapter-rates-field';

/** The fields the API may name in a refusal (the currency it cannot convert, say), shown on the field. */
const FIELDS: readonly string[] = [
  'countryCode',
  'currency',
  'dutyFreeUpTo',
  'vatFreeUpTo',
  'dutyRate',
  'vatRate',
  'dutyBasis',
  'fees',
  'source',
];

export const BASIS_LABELS: Record<DutyBasis, string> = {
  CIF: 'CIF: goods, shipping and insurance',
  FOB: 'FOB: the goods alone',
};
/** A figure of the rule: decimals on a phone's keypad, nothing for the browser to fill in. */
const NUMBER = { inputMode: 'decimal', autoComplete: 'off' } as const;

const BASIS_OPTIONS = (['CIF', 'FOB'] as const).map((value) => ({ value, label: value }));

interface DutyRuleFormModalProps {
  isOpen: boolean;
  /** The rule to edit, or null to add one. */
  rule: DutyRuleView | null;
  /** Countries that have a rule already: a new rule is for another one (an existing one is edited instead). */
  taken: readonly string[];
  onClose: () => void;
}

/** Add a country's duty rule or edit one: every figure of the rule, the chapter rates as rows. */
export function DutyRuleFormModal({ isOpen, rule, taken, onClose }: DutyRuleFormModalProps) {
  const save = useSaveDutyRule();
  const form = useZodForm(dutyRuleFormSchema, { defaultValues: formValuesOf(rule) });
  const countries = COUNTRIES.filter((c) => !taken.includes(c.code)).map((c) => ({ value: c.code, label: c.name }));
  const basisHintId = useId();
  const currency = form.watch('currency')?.trim().toUpperCase() || 'the currency';

  useEffect(() => {
    if (isOpen) {
      form.reset(formValuesOf(rule));
      save.reset();
    }
  }, [isOpen, rule, form.reset, save.reset]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success(`Duty rule for ${saved.countryName} saved`);
      onClose();
    } catch (err) {
      showSubmitFailure(form, err, FIELDS);
    }
  });

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={rule ? `Edit the duty rule for ${rule.countryName}` : 'Add a duty rule'}
      description="What customs in the destination asks for, as the price estimates it. Amounts are in the rule's currency; rates in percent."
      maxWidth="max-w-2xl"
    >
      <FailureForm onSubmit={submit} failure={form.failure}>
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
          {rule ? null : <SelectField label="Country" placeholder="Choose a country" options={countries} {...form.input('countryCode')} />}
          <TextField
            label="Currency"
            autoComplete="off"
            spellCheck={false}
            maxLength={3}
            hint="3 letters, e.g. AED"
            className="font-mono uppercase"
            containerClassName={rule ? 'sm:max-w-40' : undefined}
            {...form.input('currency')}
          />
        </div>
        <FormSection legend="Duty">
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField label="Duty rate (%)" {...NUMBER} {...form.input('dutyRate')} />
            <TextField
              label="Duty-free up to"
              {...NUMBER}
              hint={`Goods worth this or less, in ${currency}, pay no duty`}
              {...form.input('dutyFreeUpTo')}
            />
            <div className="space-y-1.5">
              <SelectField label="Duty basis" options={BASIS_OPTIONS} aria-describedby={basisHintId} {...form.input('dutyBasis')} />
              <p id={basisHintId} className="text-xs text-muted">
                {BASIS_LABELS.CIF}; {BASIS_LABELS.FOB}
              </p>
            </div>
          </div>
        </FormSection>
        <FormSection legend="VAT and fees">
          <div className="grid gap-5 sm:grid-cols-3">
            <TextField label="VAT rate (%)" {...NUMBER} hint="On the duty's base plus the duty" {...form.input('vatRate')} />
            <TextField label="VAT-free up to" {...NUMBER} hint="0: VAT on every import" {...form.input('vatFreeUpTo')} />
            <TextField label="Clearance fees" {...NUMBER} hint="Charged when duty or VAT is due" {...form.input('fees')} />
          </div>
        </FormSection>
        <FormSection legend="HS chapters" className="space-y-4">
          <TextField
            label="Exempt HS chapters"
            autoComplete="off"
            spellCheck={false}
            hint="Chapters (an HS code's first two digits) that pay no duty, e.g. 30, 49"
            {...form.input('exemptHsChapters')}
          />
          <ChapterRatesField
            rows={form.watch('chapterRates') ?? []}
            onChange={(rows) => {
              form.setValue('chapterRates', rows);
              form.clearErrors('chapterRates');
            }}
            errorOf={(index, field) => form.getFieldState(`chapterRates.${index}.${field}`, form.formState).error?.message}
          />
        </FormSection>
        <TextField
          label="Source"
          autoComplete="off"
          maxLength={300}
          hint="The law or customs notice the figures come from"
          {...form.input('source')}
        />
        <FormActions onCancel={onClose} pending={save.isPending} submitLabel={rule ? 'Save Changes' : 'Add rule'} />
      </FailureForm>
    </Modal>
  );
}
