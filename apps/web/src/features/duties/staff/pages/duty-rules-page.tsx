import type { DutyRuleView } from '@hopbox/contracts/duty-rules';
import { Landmark, Pencil, Plus, Trash } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { actionsColumn, CellLines, type Column, DataTable, dateColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useDutyRules } from '../api/duty-rules';
import { DeleteDutyRuleModal } from '../components/delete-duty-rule-modal';
import { BASIS_LABELS, DutyRuleFormModal } from '../components/duty-rule-form-modal';
import { chapterRatesText, chaptersText, freeUpToText, percentText, thresholdText } from '../duty-rule-words';

const nowrap = 'whitespace-nowrap';

/** A figure the table says inside another column's cell, which the stacked cards give a field of its own. */
const cardOnly = (id: string, header: string, render: (rule: DutyRuleView) => string): Column<DutyRuleView> => ({
  id,
  header,
  showFrom: 'never',
  cell: render,
  card: 'field',
});

function columnsOf(edit: (rule: DutyRuleView) => void, remove: (rule: DutyRuleView) => void): Column<DutyRuleView>[] {
  return [
    {
      id: 'country',
      header: 'Country',
      cell: (rule) => <CellLines main={rule.countryName} sub={rule.countryCode} mainClassName="font-medium" subClassName="font-mono" />,
      card: { slot: 'title', render: (rule) => `${rule.countryName} · ${rule.countryCode}` },
    },
    { id: 'currency', header: 'Currency', cell: (rule) => rule.currency, cellClassName: 'font-mono', card: 'field' },
    {
      id: 'duty',
      header: 'Duty',
      cell: (rule) => (
        <CellLines
          main={
            <>
              {percentText(rule.dutyRate)} on <abbr title={BASIS_LABELS[rule.dutyBasis]}>{rule.dutyBasis}</abbr>
            </>
          }
          sub={freeUpToText(rule.dutyFreeUpTo, rule.currency)}
          mainClassName={nowrap}
          subClassName={nowrap}
        />
      ),
      card: { slot: 'field', render: (rule) => `${percentText(rule.dutyRate)} on ${rule.dutyBasis}` },
    },
    cardOnly('duty-free', 'Duty-free up to', (rule) => thresholdText(rule.dutyFreeUpTo, rule.currency)),
    {
      id: 'vat',
      header: 'VAT',
      cell: (rule) => (
        <CellLines
          main={percentText(rule.vatRate)}
          sub={freeUpToText(rule.vatFreeUpTo, rule.currency)}
          mainClassName={nowrap}
          subClassName={nowrap}
        />
      ),
      card: { slot: 'field', render: (rule) => percentText(rule.vatRate) },
    },
    cardOnly('vat-free', 'VAT-free up to', (rule) => thresholdText(rule.vatFreeUpTo, rule.currency)),
    {
      id: 'fees',
      header: 'Fees',
      showFrom: '@2xl',
      cell: (rule) => thresholdText(rule.fees, rule.currency),
      cellClassName: `${nowrap} tabular-nums`,
      card: 'field',
    },
    {
      id: 'chapters',
      header: 'HS chapters',
      showFrom: '@xl',
      cell: (rule) => (
        <CellLines
          main={`Exempt: ${chaptersText(rule.exemptHsChapters)}`}
          sub={`Own rates: ${chapterRatesText(rule.hsChapterRates)}`}
          mainClassName={nowrap}
        />
      ),
    },
    cardOnly('exempt', 'Exempt chapters', (rule) => chaptersText(rule.exemptHsChapters)),
    cardOnly('chapter-rates', 'Chapter rates', (rule) => chapterRatesText(rule.hsChapterRates)),
    {
      id: 'source',
      header: 'Source',
      showFrom: '@6xl',
      cell: (rule) => (
        <span className="block max-w-64 truncate" title={rule.source ?? undefined}>
          {rule.source ?? '—'}
        </span>
      ),
      // Last in the card, where a long citation does not push the figures down.
      card: { slot: 'field', className: 'col-span-2', render: (rule) => rule.source ?? '—' },
    },
    { ...dateColumn('updated', 'Updated', (rule) => rule.updatedAt), showFrom: '@5xl' },
    actionsColumn(
      (rule) => (
        <div className="flex items-center justify-end gap-1">
          <Button variant="secondary" size="sm" onClick={() => edit(rule)}>
            <Pencil className="size-3.5" aria-hidden="true" />
            Edit
            <span className="sr-only"> the duty rule for {rule.countryName}</span>
          </Button>
          <Button variant="ghost" size="sm" className="hover:bg-danger-soft hover:text-danger" onClick={() => remove(rule)}>
            <Trash className="size-3.5" aria-hidden="true" />
            Remove
            <span className="sr-only"> the duty rule for {rule.countryName}</span>
          </Button>
        </div>
      ),
      { card: 'actions' },
    ),
  ];
}

/** /staff/duty-rules (admins): what customs asks in each destination, which the price estimates (decision 071). */
export default function DutyRulesPage() {
  const rules = useDutyRules();
  const [editing, setEditing] = useState<{ rule: DutyRuleView | null } | null>(null);
  const [removing, setRemoving] = useState<DutyRuleView | null>(null);
  const columns = columnsOf(
    (rule) => setEditing({ rule }),
    (rule) => setRemoving(rule),
  );

  return (
    <>
      <PageHeader
        tabTitle="Duty Rules"
        title="Duty rules"
        description="Import duty and VAT in each destination, as prices estimate them. A destination without a rule is priced without an estimate."
        actions={
          <Button onClick={() => setEditing({ rule: null })}>
            <Plus className="size-4" aria-hidden="true" />
            Add rule
          </Button>
        }
      />
      <Card>
        <DataTable
          label="Duty rules"
          columns={columns}
          query={rules}
          rowId={(rule) => rule.countryCode}
          emptyState={{
            icon: Landmark,
            title: 'No duty rules yet',
            description: 'Add a destination’s rule, or load the GCC countries’ with npm run cli -- duty-rules:seed-gcc.',
          }}
          skeletonRows={4}
          cards
        />
      </Card>
      <DutyRuleFormModal
        isOpen={editing !== null}
        rule={editing?.rule ?? null}
        taken={rules.data?.map((rule) => rule.countryCode) ?? []}
        onClose={() => setEditing(null)}
      />
      <DeleteDutyRuleModal rule={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
