import { OPTIONAL_NOTIFICATIONS, type OptionalNotification } from '@hopbox/contracts/notification-kinds';
import { TitledCard } from '@/components/card';
import { Skeleton } from '@/components/skeleton';
import { Switch } from '@/components/switch';
import { errorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useNotificationPrefs, useSaveNotificationPrefs } from '../api/notification-prefs';

const KINDS = Object.keys(OPTIONAL_NOTIFICATIONS) as OptionalNotification[];

/** The customer's switches for optional mails; password and payment mails always go. */
export function NotificationsCard() {
  const prefs = useNotificationPrefs();
  const save = useSaveNotificationPrefs();

  const toggle = async (kind: OptionalNotification, on: boolean) => {
    if (!prefs.data) return;
    try {
      await save.mutateAsync({ ...prefs.data, [kind]: on });
      toast.success('Email preferences saved');
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to save email preferences'));
    }
  };

  return (
    <TitledCard title="Email Notifications" description="Password and payment emails are always sent.">
      <ul className="divide-y divide-line px-5 sm:px-6">
        {KINDS.map((kind) => (
          <li key={kind} className="flex items-center justify-between gap-4 py-4">
            <span className="text-sm text-fg">{OPTIONAL_NOTIFICATIONS[kind]}</span>
            {prefs.data ? (
              <Switch
                checked={prefs.data[kind]}
                onCheckedChange={(on) => void toggle(kind, on)}
                label={`Email me when: ${OPTIONAL_NOTIFICATIONS[kind]}`}
                disabled={save.isPending}
              />
            ) : (
              <Skeleton className="h-6 w-11 rounded-full" />
            )}
          </li>
        ))}
      </ul>
      {prefs.isError && (
        <p className="px-5 pb-4 text-sm text-danger sm:px-6">{errorMessage(prefs.error, 'Failed to load email preferences')}</p>
      )}
    </TitledCard>
  );
}
