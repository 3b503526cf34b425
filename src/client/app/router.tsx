import { Suspense } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/layout/public-layout';
import { RouteErrorBoundary } from '../components/layout/route-error';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { screen } from './query-screen';
import { lazyScreen, type Screen } from './screen';

// Page budgets (decision 0043): the entry holds the layout; every screen is a chunk of its own, so / does not
// pay for the wizard or the status lookup, and /register does not pay for the landing page. Home and
// shop were in the entry once; as chunks they cost / and /shop one round trip and under 1 KB, and Lighthouse
// still scored them 98-99 (decision 0043), while /register and /status lost 2 KB. Route objects for
// `useRoutes`, not a data router: nothing here loads data through the router, and the data router was
// about 10 KB gzip more in every page's entry.
const Home = lazyScreen(async () => (await import('../features/home/home-page')).HomePage);
const Shop = lazyScreen(async () => (await import('../features/shop/shop-page')).ShopPage);
// The checkout keeps its state in React and posts through the API client: no query cache to load
// (without a cart its first load is the page and the toast).
const Checkout = lazyScreen(async () => (await import('../features/shop/checkout-page')).CheckoutPage);
const Order = screen(async () => (await import('../features/shop/order-page')).OrderPage);
// The wizard keeps its state in React and posts through the API client: no query cache to load.
const Register = lazyScreen(async () => (await import('../features/registration/register-page')).RegisterPage);
const RegistrationSuccess = screen(
  async () => (await import('../features/registration/registration-success-page')).RegistrationSuccessPage,
);
// The status form paints without the query cache; the lookup loads it with the first search.
const Status = lazyScreen(async () => (await import('../features/status/status-page')).StatusPage);
const Privacy = screen(async () => (await import('../features/legal/privacy-page')).PrivacyPage);
const Terms = screen(async () => (await import('../features/legal/terms-page')).TermsPage);
// The fix link of an e-mail (decision 0018): no query cache, its upload field is the wizard's.
const Fix = lazyScreen(async () => (await import('../features/perbaikan/perbaikan-page')).FixPage);

// The admin area is its own set of chunks: public pages never download them. Its route table is one of
// them too (admin-routes.tsx): in the entry, every admin screen's import and the chunk names it preloads
// cost each public page about 0.5 KB gzip (when the shop added four admin screens).
const Admin = lazyScreen(async () => (await import('./admin-routes')).AdminRoutes);

/** A route whose page is a lazy screen names it in `handle`, so the entry can preload it (preloadRoute). */
function page(path: string, Page: Screen): RouteObject {
  return { path, element: <Page />, handle: Page };
}

// React Router matches paths case-insensitively unless a route says otherwise (docs/spec.md §2).
const ROUTES: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <Home />, handle: Home },
      page('shop', Shop),
      page('checkout', Checkout),
      page('pesanan/:kode', Order),
      page('register', Register),
      // docs/spec.md §2 names two success routes; both show the same page.
      page('register/success', RegistrationSuccess),
      page('registrasi/success', RegistrationSuccess),
      page('status', Status),
      page('privacy', Privacy),
      page('terms', Terms),
      page('perbaikan/:token', Fix),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // Admin screens match inside (admin-routes.tsx); case-insensitive like every route here.
  { path: 'admin/*', element: <Admin />, handle: Admin },
];

/**
 * Fetches the chunks of the page at `pathname` (and of its layout). The entry awaits it before React's
 * first render, so a first visit paints its page in one go instead of through a Suspense fallback.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(ROUTES, pathname) ?? [];
  await Promise.all(matches.map((match) => (match.route.handle as Screen | undefined)?.preload()));
}

/** The app's routes. */
export function AppRoutes() {
  const location = useLocation();
  const routes = useRoutes(ROUTES);
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      {/* Navigations are transitions: the current page stays on screen while the next chunk loads. On a
          first visit the entry preloads the page's chunk (preloadRoute), so nothing suspends; header and
          footer painted ahead of the page cost more in layout shift than they gained in first paint. */}
      <Suspense fallback={null}>{routes}</Suspense>
    </RouteErrorBoundary>
  );
}
