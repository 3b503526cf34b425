import type { ExternalToast, toast as SonnerToast } from 'sonner';

// sonner is about 10 KB gzip that no page needs before its first toast: it is loaded then, with the
// toaster, and every page's first load is that much lighter (page budgets, decision 0043).
/**
 * A bar fixed to the bottom of the screen (the shop's cart) sets this to its height, so toasts, which
 * docs/spec.md §9 puts bottom-right, stand above it instead of covering its buttons.
 */
export const TOAST_BOTTOM_VAR = '--aipos-toast-bottom';

let mountHost: (() => void) | null = null;
let wanted = false;
let loading: Promise<typeof SonnerToast> | null = null;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the toaster host once it can mount the toaster; mounts at once if a toast is waiting. */
export function registerToasterHost(mount: () => void): void {
  mountHost = mount;
  if (wanted) mount();
}

/** Called by the toaster once it listens: a toast published before that would be lost. */
export function toasterMounted(): void {
  markMounted();
}

function loadToast(): Promise<typeof SonnerToast> {
  if (!loading) {
    wanted = true;
    mountHost?.();
    loading = Promise.all([import('sonner'), mounted]).then(([sonner]) => sonner.toast);
  }
  return loading;
}

/** sonner's toast, as this app uses it: success, error and info, with an id or a description. */
export const toast = {
  success(message: string, options?: ExternalToast): void {
    void loadToast().then((sonnerToast) => sonnerToast.success(message, options));
  },
  error(message: string, options?: ExternalToast): void {
    void loadToast().then((sonnerToast) => sonnerToast.error(message, options));
  },
  /** Neither success nor failure: the end of the review queue. */
  info(message: string, options?: ExternalToast): void {
    void loadToast().then((sonnerToast) => sonnerToast.info(message, options));
  },
};
