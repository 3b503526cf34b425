import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PublicLayout } from '../components/layout/public-layout';
import { RouteErrorBoundary } from '../components/layout/route-error';
import { NotFoundPage } from '../features/not-found/not-found-page';

/** A lazy screen, wrapped in the query client (which is itself loaded only with the first lazy screen). */
function screen(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [{ withQueries }, Screen] = await Promise.all([import('./with-queries'), load()]);
    return { default: withQueries(Screen) };
  });
}

/** A lazy screen that reads no server state through TanStack Query, so its first load skips the client. */
function plainScreen(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: await load() }));
}

// Page budgets (issue 8): the entry holds the layout; every screen is a chunk of its own, so / does not
// pay for the wizard or the status lookup, and /register does not pay for the landing page. Home and
// shop were in the entry once; as chunks they cost / and /shop one round trip and under 1 KB, and Lighthouse
// still scored them 98-99 (decision 0008), while /register and /status lost 2 KB. Declarative
// routes rather than a data router: nothing here loads data through the router, and the data router
// was about 10 KB gzip more in every page's entry.
const Home = plainScreen(async () => (await import('../features/home/home-page')).HomePage);
const Shop = plainScreen(async () => (await import('../features/shop/shop-page')).ShopPage);
const Checkout = screen(async () => (await import('../features/shop/checkout-page')).CheckoutPage);
// The wizard keeps its state in React and posts through the API client: no query cache to load.
const Register = plainScreen(async () => (await import('../features/registration/register-page')).RegisterPage);
const RegistrationSuccess = screen(async () => (await import('../features/registration/registration-success-page')).RegistrationSuccessPage);
const Status = screen(async () => (await import('../features/status/status-page')).StatusPage);
const Privacy = screen(async () => (await import('../features/legal/privacy-page')).PrivacyPage);
const Terms = screen(async () => (await import('../features/legal/terms-page')).TermsPage);

// The admin area is its own set of chunks: public pages never download them.
const Login = screen(async () => (await import('../features/auth/login-page')).LoginPage);
const AdminShell = screen(async () => (await import('../features/auth/admin-shell')).AdminShell);
const MerchantList = screen(async () => (await import('../features/merchants/merchant-list-page')).MerchantListPage);
const MerchantCreate = screen(async () => (await import('../features/merchants/merchant-create-page')).MerchantCreatePage);
const MerchantDetail = screen(async () => (await import('../features/merchants/merchant-detail-page')).MerchantDetailPage);
const AuditLog = screen(async () => (await import('../features/audit/audit-log-page')).AuditLogPage);
const Security = screen(async () => (await import('../features/auth/security-page')).SecurityPage);
// Settings holds the sign-in feature's second-factor section; the two features meet only here.
const Settings = screen(async () => {
  const [{ SettingsPage }, { TotpEnrolment }] = await Promise.all([
    import('../features/settings/settings-page'),
    import('../features/auth/totp-enrolment'),
  ]);
  return () => <SettingsPage security={<TotpEnrolment />} />;
});

/** The app's routes. React Router matches paths case-insensitively unless a route says otherwise (SPEC §2). */
export function AppRoutes() {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      {/* Navigations are transitions: the current page stays on screen while the next chunk loads. On a
          first visit the page paints whole once its chunk is there: header and footer painted early,
          then pushed by the page, cost more in layout shift than they gained in first paint. */}
      <Suspense fallback={null}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<Home />} />
            <Route path="shop" element={<Shop />} />
            <Route path="checkout" element={<Checkout />} />
            <Route path="register" element={<Register />} />
            {/* SPEC §2 names two success routes; both show the same page. */}
            <Route path="register/success" element={<RegistrationSuccess />} />
            <Route path="registrasi/success" element={<RegistrationSuccess />} />
            <Route path="status" element={<Status />} />
            <Route path="privacy" element={<Privacy />} />
            <Route path="terms" element={<Terms />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route path="admin/login" element={<Login />} />
          {/* The shell checks the session and wraps every other admin screen. */}
          <Route path="admin" element={<AdminShell />}>
            <Route index element={<Navigate to="/admin/merchants" replace />} />
            <Route path="merchants" element={<MerchantList />} />
            <Route path="merchants/new" element={<MerchantCreate />} />
            {/* SPEC §2: view and edit are the same detail screen. */}
            <Route path="merchants/:id" element={<MerchantDetail />} />
            <Route path="merchants/:id/edit" element={<MerchantDetail />} />
            <Route path="audit" element={<AuditLog />} />
            <Route path="settings" element={<Settings />} />
            {/* The whole account page: second factor and password change. */}
            <Route path="security" element={<Security />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
