import { NotFoundMessage } from '@/components/not-found-message';
import { useSession } from '@/lib/use-session';

/** Any unknown path. */
export default function NotFoundPage() {
  const session = useSession();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-page px-4">
      <NotFoundMessage
        hint="The address may be mistyped, or the page has moved."
        to={session ? '/dashboard' : '/signin'}
        action={session ? 'Go to Dashboard' : 'Go to Sign In'}
      />
    </main>
  );
}
