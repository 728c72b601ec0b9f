import { declarationMessages } from '@hopbox/contracts/declaration-messages';
import type { Package } from '@hopbox/contracts/packages';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Skeleton } from '@/components/skeleton';
import { useDeclaration } from '../api/declaration';
import { DeclarationForm } from './declaration-form';
import { DeclarationNeededBadge } from './package-markers';

/** What the section shows while its code or the declaration loads. */
export const declarationLoading = (
  <div className="space-y-2" role="status" aria-label="Loading the customs declaration">
    <Skeleton className="h-24 w-full" />
    <Skeleton className="h-9 w-40" />
  </div>
);

/**
 * Package Details' "Customs declaration" (loaded with its form, zod and the country list when the details first
 * open, not with the list): whether it is complete, and its form. `declare` (the wizard's
 * "Complete declaration" or `?declare=HBX…`) brings the section into view with its first field focused.
 */
export function DeclarationSection({ pkg, declare }: { pkg: Package; declare: boolean }) {
  const declaration = useDeclaration(pkg.id);
  const section = useRef<HTMLElement>(null);
  const complete = declaration.data?.complete ?? pkg.declarationComplete;

  useEffect(() => {
    if (declare) section.current?.scrollIntoView({ block: 'start' });
  }, [declare]);

  return (
    <section ref={section} className="scroll-mt-4 space-y-3" aria-labelledby="declaration-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="declaration-title" className="text-xs font-semibold tracking-wider text-muted uppercase">
          Customs declaration
        </h3>
        {complete ? <Badge tone="green">Complete</Badge> : <DeclarationNeededBadge />}
      </div>
      {!complete && pkg.shipmentId === null && (
        <p className="text-sm text-muted">
          List what is in the package, each item with its value above zero and where it was made, before you ship it.
        </p>
      )}
      {declaration.isError ? (
        <Alert tone="error">{declarationMessages.loadFailed}</Alert>
      ) : declaration.data ? (
        // A new version (saved here, or changed by Edit Package) starts the form again from what is stored.
        <DeclarationForm key={`${pkg.id}-${declaration.data.version}`} pkg={pkg} declaration={declaration.data} focusFirst={declare} />
      ) : (
        declarationLoading
      )}
    </section>
  );
}
