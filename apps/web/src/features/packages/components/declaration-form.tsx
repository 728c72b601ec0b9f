import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import {
  DECLARATION_MAX_ITEMS,
  DESCRIPTION_MAX,
  type Declaration,
  type DeclarationInput,
  type DeclarationItem,
  declarationInputSchema,
  declarationTotal,
} from '@hopbox/contracts/declarations';
import { messages } from '@hopbox/contracts/messages';
import { formatMoney } from '@hopbox/contracts/money';
import type { Package } from '@hopbox/contracts/packages';
import { Plus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { type FieldError, get } from 'react-hook-form';
import { Button } from '@/components/button';
import { FailureForm } from '@/components/failure-form';
import { SelectField, TextField } from '@/components/form-field';
import { ApiError } from '@/lib/api-errors';
import { COUNTRY_OPTIONS } from '@/lib/country-options';
import { showSubmitFailure, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useSaveDeclaration } from '../api/declaration';
import { AmountField, QuantityField } from './number-fields';

const ITEM_FIELDS = ['description', 'hsCode', 'quantity', 'unitValue', 'currency', 'originCountry'] as const;

const blankItem = (currency: string): DeclarationInput['items'][number] => ({
  description: '',
  hsCode: '',
  quantity: 1,
  unitValue: 0,
  currency,
  originCountry: '',
});

const valuesOf = (declaration: Declaration): DeclarationInput => ({
  items: declaration.items.map((item) => ({ ...item, hsCode: item.hsCode ?? '', originCountry: item.originCountry ?? '' })),
});

/** A number as typed, 0 when it is not one (the line total of a half-typed item). */
const numberOf = (raw: unknown) => {
  const value = Number(raw);
  return Number.isFinite(value) ? value : 0;
};

/**
 * The customs declaration's form (issue "Declare, insure"): its items, each line's total and the declared
 * total. Saving replaces every item; the package's quantity and value then follow (decision 037). A package
 * already in a shipment shows its items read-only.
 */
export function DeclarationForm({ pkg, declaration, focusFirst }: { pkg: Package; declaration: Declaration; focusFirst: boolean }) {
  if (pkg.shipmentId !== null) return <ReadOnlyDeclaration declaration={declaration} />;
  return <EditableDeclaration pkg={pkg} declaration={declaration} focusFirst={focusFirst} />;
}

type ItemField = (typeof ITEM_FIELDS)[number];

/**
 * The items are kept by the form as one array, each input reading and writing its place in it (a field array
 * hook would add its weight to the form library every page with a form loads).
 */
function EditableDeclaration({ pkg, declaration, focusFirst }: { pkg: Package; declaration: Declaration; focusFirst: boolean }) {
  const save = useSaveDeclaration();
  const form = useZodForm(declarationInputSchema, { defaultValues: valuesOf(declaration) });
  const items = form.watch('items') ?? [];
  // A stable key per item, so removing one keeps the others' inputs (and their focus) in place.
  const nextKey = useRef(declaration.items.length);
  const [keys, setKeys] = useState(() => declaration.items.map((_, i) => i));
  const lines = items.map((item) => ({ quantity: numberOf(item?.quantity), unitValue: numberOf(item?.unitValue) }));
  const currency = declaration.currency;
  const errors = form.formState.errors;
  const itemsError = errors.items?.message ?? errors.items?.root?.message;

  useEffect(() => {
    if (focusFirst) form.setFocus('items.0.description');
  }, [focusFirst, form.setFocus]);

  const input = (i: number, name: ItemField) => {
    const path = `items.${i}.${name}` as const;
    return {
      ref: form.register(path).ref,
      name: path,
      value: String(items[i]?.[name] ?? ''),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        form.setValue(path, event.target.value);
        form.clearErrors(path);
      },
      error: (get(errors, path) as FieldError | undefined)?.message,
    };
  };
  const add = () => {
    form.setValue('items', [...form.getValues('items'), blankItem(currency)]);
    setKeys((current) => [...current, nextKey.current++]);
    form.clearErrors('items');
  };
  const remove = (i: number) => {
    form.setValue(
      'items',
      form.getValues('items').filter((_, j) => j !== i),
    );
    setKeys((current) => current.filter((_, j) => j !== i));
    form.clearErrors('items');
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: pkg.id, input: { ...values, version: declaration.version } });
      toast.success(declarationMessages.saved);
    } catch (err) {
      // Changed meanwhile: the declaration is read again and the form shows what is stored (decision 055).
      if (err instanceof ApiError && err.code === 'DECLARATION_CHANGED') {
        toast.error(err.message);
        return;
      }
      const fields = ['items', ...values.items.flatMap((_, i) => ITEM_FIELDS.map((f) => `items.${i}.${f}`))];
      showSubmitFailure(form, err, fields, declarationMessages.saveFailed);
    }
  });

  return (
    <FailureForm onSubmit={submit} failure={form.failure} className="space-y-4" aria-label="Customs declaration">
      <ol className="space-y-3">
        {keys.map((key, i) => (
          <li key={key} className="rounded-lg border border-line p-3 sm:p-4">
            <fieldset className="space-y-3">
              {/* The legend names the group; the visible title shares its row with Remove. */}
              <legend className="sr-only">Item {i + 1}</legend>
              <div className="flex min-h-8 items-center justify-between gap-2">
                <p className="text-sm font-semibold text-fg" aria-hidden="true">
                  Item {i + 1}
                </p>
                {keys.length > 1 && (
                  <Button variant="ghost" size="sm" onClick={() => remove(i)} aria-label={`Remove item ${i + 1}`}>
                    <Trash2 className="size-4" aria-hidden="true" />
                    Remove
                  </Button>
                )}
              </div>
              <div className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-6">
                <TextField
                  containerClassName="col-span-2 sm:col-span-4"
                  label="Description"
                  maxLength={DESCRIPTION_MAX}
                  placeholder="What the item is, e.g. Running shoes"
                  {...input(i, 'description')}
                />
                <TextField
                  containerClassName="col-span-2"
                  label="HS code (optional)"
                  inputMode="numeric"
                  maxLength={13}
                  placeholder="6 to 10 digits"
                  {...input(i, 'hsCode')}
                />
                <QuantityField label="Quantity" containerClassName="sm:col-span-1" {...input(i, 'quantity')} />
                <AmountField label={`Unit value (${currency})`} containerClassName="sm:col-span-2" {...input(i, 'unitValue')} />
                <SelectField
                  label="Origin country"
                  placeholder="Select country"
                  options={COUNTRY_OPTIONS}
                  containerClassName="col-span-2 sm:col-span-3"
                  {...input(i, 'originCountry')}
                />
              </div>
              <p className="text-right text-sm text-muted tabular-nums">
                Line total{' '}
                <span className="font-medium text-fg">
                  {formatMoney(declarationTotal([lines[i] ?? { quantity: 0, unitValue: 0 }]), currency)}
                </span>
              </p>
            </fieldset>
          </li>
        ))}
      </ol>
      {itemsError && (
        <p className="text-xs font-medium text-danger" role="alert">
          {itemsError}
        </p>
      )}
      <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="secondary" size="sm" onClick={add} disabled={keys.length >= DECLARATION_MAX_ITEMS} className="self-start">
          <Plus className="size-4" aria-hidden="true" />
          Add item
        </Button>
        <div className="flex items-center justify-between gap-4 sm:justify-end">
          <p className="text-sm tabular-nums">
            <span className="text-muted">Declared total </span>
            <span className="font-semibold text-fg">{formatMoney(declarationTotal(lines), currency)}</span>
          </p>
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save declaration'}
          </Button>
        </div>
      </div>
    </FailureForm>
  );
}

/** The items of a package already in a shipment: shown, no longer changed. */
function ReadOnlyDeclaration({ declaration }: { declaration: Declaration }) {
  const line = (item: DeclarationItem) => declarationTotal([item]);
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">{messages.packages.packageInShipment}.</p>
      <ul className="divide-y divide-line rounded-lg border border-line text-sm">
        {declaration.items.map((item, i) => (
          <li key={`${i}-${item.description}`} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-3 py-2.5">
            <span className="min-w-0">
              <span className="font-medium text-fg">{item.description}</span>
              <span className="block text-xs text-muted">
                {[
                  item.hsCode && `HS ${item.hsCode}`,
                  item.originCountry,
                  `${item.quantity} × ${formatMoney(item.unitValue, declaration.currency)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <span className="font-medium tabular-nums">{formatMoney(line(item), declaration.currency)}</span>
          </li>
        ))}
      </ul>
      <p className="text-right text-sm tabular-nums">
        <span className="text-muted">Declared total </span>
        <span className="font-semibold text-fg">{formatMoney(declaration.totalValue, declaration.currency)}</span>
      </p>
    </div>
  );
}
