import { BrowserRouter } from 'react-router';
import { ToasterHost } from '../lib/toaster-host';
import { AppRoutes } from './router';

export function Providers() {
  return (
    <BrowserRouter>
      {/* The query client wraps each lazy screen (lib/with-queries.tsx); home and shop fetch nothing. */}
      {/* The tooltip provider (docs/spec.md §9 delays) sits in the admin shell, the only place with tooltips. */}
      <AppRoutes />
      <ToasterHost />
    </BrowserRouter>
  );
}
