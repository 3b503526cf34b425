import { useEffect, useRef } from 'react';

/**
 * Listens to a Server-Sent Events stream while mounted. EventSource reconnects by itself after a lost
 * connection (the server sends `retry`); `onReconnect` lets a screen refetch what it may have missed.
 */
export function useServerEvents<T>(url: string, eventName: string, onEvent: (data: T) => void, onReconnect?: () => void): void {
  const handlers = useRef({ onEvent, onReconnect });
  useEffect(() => {
    handlers.current = { onEvent, onReconnect };
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(url, { withCredentials: true });
    let opened = false;
    const onMessage = (message: MessageEvent<string>) => {
      try {
        handlers.current.onEvent(JSON.parse(message.data) as T);
      } catch {
        // A malformed event is ignored; the next refetch brings the truth.
      }
    };
    const onOpen = () => {
      if (opened) handlers.current.onReconnect?.();
      opened = true;
    };
    source.addEventListener(eventName, onMessage as EventListener);
    source.addEventListener('open', onOpen);
    return () => source.close();
  }, [url, eventName]);
}
