import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';

/** A Code 128 barcode of `value`, drawn by JsBarcode into an SVG (black bars on white). */
export function Code128({ value, height = 56, className }: { value: string; height?: number; className?: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    JsBarcode(ref.current, value, {
      format: 'CODE128',
      height,
      width: 2,
      margin: 0,
      displayValue: true,
      font: 'ui-monospace, Menlo, Consolas, monospace',
      fontSize: 14,
      textMargin: 4,
      lineColor: '#000000',
      background: '#ffffff',
    });
  }, [value, height]);
  return <svg ref={ref} role="img" aria-label={`Code 128 barcode of ${value}`} className={className} />;
}
