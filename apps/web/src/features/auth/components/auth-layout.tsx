import { Camera, Globe, PackageCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { PageTitle } from '@/components/page-header';
import { useAppConfig } from '@/lib/app-config';

const highlights = [
  { icon: Globe, title: 'Your own locker address', text: 'Shop from stores abroad with a personal locker at each of our warehouses.' },
  { icon: Camera, title: 'See what arrived', text: 'Request photos of any package before it travels on.' },
  { icon: PackageCheck, title: 'Ship together, pay less', text: 'Consolidate packages from one country into a single shipment.' },
];

/** The split sign-in/sign-up screen: the brand on the left (wide screens), the form on the right. */
export function AuthLayout({
  title,
  subtitle,
  tabTitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  tabTitle: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Room for a two-column form. */
  wide?: boolean;
}) {
  const { brandName } = useAppConfig();
  return (
    <div className="flex min-h-dvh bg-page">
      <PageTitle title={tabTitle} />
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-700 p-10 text-white lg:flex">
        <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-white/10 blur-2xl" />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 -left-20 size-96 rounded-full bg-violet-400/20 blur-3xl"
        />
        <BrandMark inverted />
        <div className="relative space-y-8">
          <div>
            <h2 className="text-3xl leading-tight font-semibold tracking-tight">
              Shop the world.
              <br />
              We bring it home.
            </h2>
            <p className="mt-3 max-w-sm text-indigo-100">Receive, inspect, consolidate and ship your packages from one place.</p>
          </div>
          <ul className="space-y-5">
            {highlights.map(({ icon: Icon, title: heading, text }) => (
              <li key={heading} className="flex gap-3.5">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/15 ring-1 ring-white/20">
                  <Icon className="size-[18px]" aria-hidden="true" />
                </span>
                <div>
                  <p className="font-medium">{heading}</p>
                  <p className="text-sm text-indigo-100">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-indigo-200">
          © {new Date().getFullYear()} {brandName}
        </p>
      </aside>

      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-6">
        <div className={wide ? 'w-full max-w-xl' : 'w-full max-w-md'}>
          <BrandMark className="mb-8 justify-center lg:hidden" />
          <div className="rounded-2xl border-line sm:border sm:bg-surface sm:p-8 sm:shadow-sm">
            <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
            {subtitle && <p className="mt-1.5 text-sm text-muted">{subtitle}</p>}
            <div className="mt-7">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
