import type { ReactNode } from 'react';
import { useAppConfig } from '@/lib/app-config';

/** The browser tab title, "Page · Brand" (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title: string }) {
  const { brandName } = useAppConfig();
  return <title>{`${title} · ${brandName}`}</title>;
}

export function PageHeader({
  title,
  description,
  actions,
  tabTitle,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  tabTitle: string;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <PageTitle title={tabTitle} />
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
