import { useEffect, useState, type ComponentType } from 'react';
import { registerToasterHost } from './toast';

/** Mounts the toaster (a lazy chunk) when the first toast is asked for. */
export function ToasterHost() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    registerToasterHost(() => {
      void import('./app-toaster').then(({ AppToaster }) => setToaster(() => AppToaster));
    });
  }, []);
  return Toaster ? <Toaster /> : null;
}
