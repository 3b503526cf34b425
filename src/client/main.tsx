// First: zod's configuration must be in place before any lazy chunk builds a schema.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// Not a transition: time-sliced, the first paint landed after the load event, and browser tests that
// act as soon as the page has loaded (keyboard focus on /) failed now and then.
createRoot(root).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);
