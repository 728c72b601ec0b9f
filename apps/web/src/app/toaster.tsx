import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { toasterMounted } from '@/lib/toast';
import { useMediaQuery } from '@/lib/use-media-query';

const TOAST_BOTTOM = 'calc(var(--bottom-bar-height, 0px) + env(safe-area-inset-bottom, 0px) + 12px)';

/**
 * The app's one Toaster, loaded with its library once the first toast is wanted (decision 035), so none of this is
 * in the entry. Toasts never cover a control (decision 029) nor a page's title (decision 056): at the bottom, where
 * neither the header's controls nor the title are; on wide screens at the right, as most consoles put them, on phones
 * across the width, above the sticky bottom bar when one is shown (it sets --bottom-bar-height) and the home indicator.
 */
export default function AppToaster() {
  const theme = useTheme();
  const wide = useMediaQuery('(min-width: 768px)');
  // A parent's effect runs after its children's: the Toaster has subscribed by now, so no toast made from here on is
  // lost (decision 093).
  useEffect(toasterMounted, []);
  return (
    // Plain toasts: sonner's rich error colours fall below 4.5:1 contrast.
    <Toaster
      closeButton
      theme={theme}
      position={wide ? 'bottom-right' : 'bottom-center'}
      offset={{ bottom: TOAST_BOTTOM, right: 24 }}
      mobileOffset={{ bottom: TOAST_BOTTOM, left: 12, right: 12 }}
    />
  );
}
