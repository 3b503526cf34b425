import { ApiRequestError } from '../../lib/api-client';

export type RetryOptions = {
  signal?: AbortSignal;
  /** Called when the browser is offline and the next try waits for the connection. */
  onWaiting?: () => void;
  tries?: number;
  /** The first pause; each later one doubles. */
  delayMs?: number;
};

/** Network errors (status 0) and 5xx are worth another try; a 4xx is the server's answer and stands. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 0 || error.status >= 500);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Upload dibatalkan', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** Resolves when the browser is online (at once if it is). */
export function online(signal?: AbortSignal): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', done);
      resolve();
    };
    window.addEventListener('online', done);
    signal?.addEventListener(
      'abort',
      () => {
        window.removeEventListener('online', done);
        reject(new DOMException('Upload dibatalkan', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Runs send up to `tries` times with doubling pauses (README, Architecture). While the browser is offline it waits for
 * the connection first, and that wait does not use up a try: a phone in a tunnel is not a failing server.
 */
export async function sendWithRetry<T>(
  send: () => Promise<T>,
  { signal, onWaiting, tries = 3, delayMs = 1000 }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    if (!navigator.onLine) {
      onWaiting?.();
      await online(signal);
    }
    try {
      return await send();
    } catch (error) {
      if (signal?.aborted || !isRetryable(error)) throw error;
      // Offline: wait for the connection, without counting the try.
      if (!navigator.onLine) {
        attempt -= 1;
        continue;
      }
      if (attempt >= tries) throw error;
      await pause(delayMs * 2 ** (attempt - 1), signal);
    }
  }
}
