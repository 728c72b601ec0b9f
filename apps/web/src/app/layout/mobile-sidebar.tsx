import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { SIDEBAR_EXPANDED, SidebarContent } from './sidebar';

/** Under 768px the sidebar is a modal overlay with a backdrop; its code loads when it first opens (decision 081). */
export function MobileSidebar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          id="app-sidebar"
          aria-describedby={undefined}
          style={{ width: `min(${SIDEBAR_EXPANDED}px, 85vw)` }}
          className="fixed inset-y-0 left-0 z-50 border-r border-line bg-surface shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Dialog.Close
            aria-label="Close menu"
            className="touch-target absolute top-3.5 right-3 inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-subtle hover:text-fg"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
          <SidebarContent compact={false} onNavigate={onClose} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
