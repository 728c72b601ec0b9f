import { messages } from '@hopbox/contracts/messages';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { PageTitle } from '@/components/page-header';

/** 'Page not found' inside the console's layout: an unknown /staff path, or an admin page for staff. */
export function ConsoleNotFound() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <PageTitle title={messages.transport.pageNotFound} />
      <div className="text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-fg">
          <Compass className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-4 text-sm font-semibold text-accent-fg">404</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-fg">{messages.transport.pageNotFound}</h1>
        <p className="mt-2 text-sm text-muted">The address may be mistyped, or the page is not part of your role.</p>
        <Link to="/staff" className={buttonClasses('primary', 'md', 'mt-6')}>
          Go to the Overview
        </Link>
      </div>
    </div>
  );
}
