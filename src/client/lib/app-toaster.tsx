import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_BOTTOM_VAR, toasterMounted } from './toast';

/** docs/spec.md §9: at most 3 toasts, bottom-right, Alt+T focuses them. */
export function AppToaster() {
  // Runs after the Toaster's own effect has subscribed to new toasts.
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={3}
      hotkey={['altKey', 'KeyT']}
      richColors
      closeButton
      offset={{ bottom: `var(${TOAST_BOTTOM_VAR}, 24px)` }}
      mobileOffset={{ bottom: `var(${TOAST_BOTTOM_VAR}, 16px)` }}
    />
  );
}
