import { Plus, Trash } from 'lucide-react';
import { Button } from '@/components/button';
import { TextField } from '@/components/form-field';

export interface ChapterRateRow {
  chapter: string;
  rate: string;
}

interface ChapterRatesFieldProps {
  rows: readonly ChapterRateRow[];
  onChange: (rows: ChapterRateRow[]) => void;
  /** The message of a row's field, if it is at fault. */
  errorOf: (index: number, field: keyof ChapterRateRow) => string | undefined;
}

/**
 * The chapters with their own duty rate, as rows of chapter and rate. Controlled rows (not react-hook-form's field
 * array), so the portal's shared form chunk does not carry the field array for one console dialog.
 */
export function ChapterRatesField({ rows, onChange, errorOf }: ChapterRatesFieldProps) {
  const change = (index: number, field: keyof ChapterRateRow, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-fg">Chapters with their own duty rate</p>
      {rows.length === 0 && <p className="text-sm text-muted">None: every chapter pays the duty rate above.</p>}
      {rows.map((row, index) => (
        // Rows have no identity but their place; the inputs are controlled, so a removed row takes its values with it.
        <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
          <TextField
            label="Chapter"
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            value={row.chapter}
            error={errorOf(index, 'chapter')}
            onChange={(event) => change(index, 'chapter', event.target.value)}
          />
          <TextField
            label="Rate (%)"
            inputMode="decimal"
            autoComplete="off"
            value={row.rate}
            error={errorOf(index, 'rate')}
            onChange={(event) => change(index, 'rate', event.target.value)}
          />
          <Button variant="secondary" size="sm" className="mt-7" onClick={() => onChange(rows.filter((_, i) => i !== index))}>
            <Trash className="size-3.5" aria-hidden="true" />
            Remove
            <span className="sr-only"> chapter row {index + 1}</span>
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onClick={() => onChange([...rows, { chapter: '', rate: '' }])}>
        <Plus className="size-3.5" aria-hidden="true" />
        Add chapter rate
      </Button>
    </div>
  );
}
