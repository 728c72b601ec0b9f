import { NotFoundMessage } from '@/components/not-found-message';

/** 'Page not found' inside the console's layout: an unknown /staff path, or an admin page for staff. */
export function ConsoleNotFound() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <NotFoundMessage hint="The address may be mistyped, or the page is not part of your role." to="/staff" action="Go to the Overview" />
    </div>
  );
}
