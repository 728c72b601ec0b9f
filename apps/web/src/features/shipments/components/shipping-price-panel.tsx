import { PRODUCT_TYPES, transitWords } from '@hopbox/contracts/carrier-options';
import { formatMoney } from '@hopbox/contracts/money';
import type { PriceResponse } from '@hopbox/contracts/pricing';
import type { UseQueryResult } from '@tanstack/react-query';
import { Calculator, LoaderCircle, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { cn } from '@/lib/cn';
import { formatWeight } from '@/lib/format';
import { priceErrorMessage } from '../shipment-price';

const productName = (code: string) => PRODUCT_TYPES[code as keyof typeof PRODUCT_TYPES] ?? code;

/** The option the price is for, by name and delivery time; a figures-only price names SPEC.md's product and service. */
function serviceWords(price: PriceResponse) {
  const option = price.options?.find((o) => o.id === price.option);
  if (option) return `${option.name} · ${transitWords(option.transitDays)}`;
  return `${productName(price.details.productType)} (${price.details.productType}) · Service ${price.details.serviceType}`;
}

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className={cn('text-sm', strong ? 'font-medium text-fg' : 'text-muted')}>{label}</dt>
      <dd className={cn('whitespace-nowrap text-right text-sm tabular-nums', strong ? 'font-semibold text-fg' : 'text-fg')}>{children}</dd>
    </div>
  );
}

/**
 * The shipping price of SPEC.md: amount and currency, product Express (XPS) and service, and the
 * details (actual, volumetric and chargeable weight, zone, price lines). On an error it shows
 * SPEC.md's price message with Recalculate; before any price, Calculate.
 */
export function ShippingPricePanel({
  price,
  onCalculate,
  title = 'Shipping Price',
  idleText,
  blockedText,
  note,
}: {
  price: UseQueryResult<PriceResponse>;
  onCalculate: () => void;
  title?: string;
  /** Shown before the first calculation. */
  idleText?: string;
  /** When set, the price cannot be asked for yet (e.g. no destination): this says why. */
  blockedText?: string;
  note?: ReactNode;
}) {
  const busy = price.isFetching;
  const hasAnswer = Boolean(price.data) || price.isError;
  const button = (
    <Button variant="secondary" size="sm" onClick={onCalculate} loading={busy} disabled={busy || Boolean(blockedText)}>
      {!busy &&
        (hasAnswer ? <RefreshCw className="size-3.5" aria-hidden="true" /> : <Calculator className="size-3.5" aria-hidden="true" />)}
      {hasAnswer ? 'Recalculate' : 'Calculate'}
    </Button>
  );

  return (
    <section aria-label={title} aria-busy={busy} className="rounded-xl border border-line bg-subtle/60 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        {button}
      </div>

      <div className="mt-3" aria-live="polite">
        {blockedText ? (
          <p className="text-sm text-muted">{blockedText}</p>
        ) : busy && !price.data ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            Calculating shipping price...
          </p>
        ) : price.isError ? (
          <Alert tone="error">{priceErrorMessage(price.error)}</Alert>
        ) : price.data ? (
          <div className={cn(busy && 'opacity-60')}>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-2xl font-semibold tracking-tight text-fg tabular-nums" data-testid="shipping-price">
                {formatMoney(price.data.price, price.data.currency)}
              </span>
              <span className="text-sm text-muted">{serviceWords(price.data)}</span>
            </p>
            <div className="mt-3 grid gap-x-8 border-t border-line sm:grid-cols-2">
              <dl className="divide-y divide-line" aria-label="Weights and zone">
                <Row label="Actual weight">{formatWeight(price.data.details.actualWeight)}</Row>
                <Row label="Volumetric weight">{formatWeight(price.data.details.volumetricWeight)}</Row>
                <Row label="Chargeable weight">{formatWeight(price.data.details.chargeableWeight)}</Row>
                <Row label="Zone">{price.data.details.zone}</Row>
              </dl>
              <dl className="divide-y divide-line border-t border-line sm:border-t-0" aria-label="Price lines">
                {price.data.details.lines.map((line) => (
                  <Row key={line.label} label={line.label}>
                    {formatMoney(line.amount, price.data.currency)}
                  </Row>
                ))}
                {/* Issue "Declare, insure": shipping, then the insurance chosen and the storage fees, then the total. */}
                {price.data.breakdown.length > 1 &&
                  price.data.breakdown.map((line, i) => (
                    <Row key={line.label} label={line.label} strong={i === 0}>
                      {formatMoney(line.amount, price.data.currency)}
                    </Row>
                  ))}
                <Row label="Total" strong>
                  {formatMoney(price.data.price, price.data.currency)}
                </Row>
              </dl>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted">{idleText ?? 'The price has not been calculated yet.'}</p>
        )}
        {note && <div className="mt-3 text-xs text-muted">{note}</div>}
      </div>
    </section>
  );
}
