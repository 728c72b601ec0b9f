import { messages } from '@hopbox/contracts/messages';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { PageTitle } from '@/components/page-header';

/** 'Page not found' with why it may be, and the way back (`to`, labelled `action`). */
export function NotFoundMessage({ hint, to, action }: { hint: string; to: string; action: string }) {
  return (
    <>
      <PageTitle title={messages.transport.pageNotFound} />
      <div className="text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-fg">
          <Compass className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-4 text-sm font-semibold text-accent-fg">404</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-fg">{messages.transport.pageNotFound}</h1>
        <p className="mt-2 text-sm text-muted">{hint}</p>
        <Link to={to} className={buttonClasses('primary', 'md', 'mt-6')}>
          {action}
        </Link>
      </div>
    </>
  );
}
