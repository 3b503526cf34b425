import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from './query-client';
import { router } from './router';

export function Providers() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* The tooltip provider (SPEC §9 delays) sits in the admin shell, the only place with tooltips. */}
      <RouterProvider router={router} />
      {/* SPEC §9: at most 3 toasts, bottom-right, Alt+T focuses them. */}
      <Toaster position="bottom-right" visibleToasts={3} hotkey={['altKey', 'KeyT']} richColors closeButton />
    </QueryClientProvider>
  );
}
