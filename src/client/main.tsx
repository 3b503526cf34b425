// First: zod's configuration must be in place before any lazy chunk builds a schema.
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { preloadRoute } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// The page's chunk before the first render (see screen.tsx). If it fails, the render below tries again
// and the route's error screen reports it.
// Not a top-level await: with one, the bundler split the entry into sixteen chunks.
void preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    // A transition: React renders in slices of 5 ms, so the first render is no long task.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <Providers />
        </StrictMode>,
      );
    });
  });
