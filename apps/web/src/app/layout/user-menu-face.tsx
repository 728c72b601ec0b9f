import { ChevronDown } from 'lucide-react';
import { initials } from '@/lib/format';

export const USER_MENU_TRIGGER_CLASSES =
  'touch-target relative flex items-center gap-2 rounded-lg p-1 text-left hover:bg-subtle sm:pr-2 data-[state=open]:bg-subtle';

/** What the avatar menu's button shows: the initials, and the name beside them on wider screens. */
export function UserMenuFace({ fullName }: { fullName: string }) {
  return (
    <>
      {/* The initials are drawn by CSS, not text: the button's visible text stays the name its label holds (WCAG 2.5.3). */}
      <span
        aria-hidden="true"
        data-initials={initials(fullName)}
        className="flex size-8 items-center justify-center rounded-full bg-accent text-xs font-semibold text-white before:content-[attr(data-initials)]"
      />
      <span className="hidden max-w-40 truncate text-sm font-medium text-fg md:block">{fullName}</span>
      <ChevronDown className="hidden size-4 text-muted md:block" aria-hidden="true" />
    </>
  );
}
