import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/layout/public-layout';
import { RouteError } from '../components/layout/route-error';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { ShopPage } from '../features/shop/shop-page';

// Page budgets (issue 8): the entry holds the layout and the light pages (home, shop: about 2 KB, and a
// lazy chunk would cost the shop a second round trip before its first paint); every other public
// screen is a chunk of its own, so / does not pay for the wizard, zod or the status lookup.
const checkout = async () => ({ Component: (await import('../features/shop/checkout-page')).CheckoutPage });
const register = async () => ({ Component: (await import('../features/registration/register-page')).RegisterPage });
const registrationSuccess = async () => ({
  Component: (await import('../features/registration/registration-success-page')).RegistrationSuccessPage,
});
const status = async () => ({ Component: (await import('../features/status/status-page')).StatusPage });
const privacy = async () => ({ Component: (await import('../features/legal/privacy-page')).PrivacyPage });
const terms = async () => ({ Component: (await import('../features/legal/terms-page')).TermsPage });

// The admin area is its own set of chunks: public pages never download them.
const merchantList = async () => ({ Component: (await import('../features/merchants/merchant-list-page')).MerchantListPage });
const merchantCreate = async () => ({ Component: (await import('../features/merchants/merchant-create-page')).MerchantCreatePage });
const merchantDetail = async () => ({ Component: (await import('../features/merchants/merchant-detail-page')).MerchantDetailPage });
const auditLog = async () => ({ Component: (await import('../features/audit/audit-log-page')).AuditLogPage });
// Settings holds the sign-in feature's second-factor section; the two features meet only here.
const settings = async () => {
  const [{ SettingsPage }, { TotpEnrolment }] = await Promise.all([
    import('../features/settings/settings-page'),
    import('../features/auth/totp-enrolment'),
  ]);
  return { Component: () => <SettingsPage security={<TotpEnrolment />} /> };
};

const adminRoutes: RouteObject[] = [
  {
    path: 'admin/login',
    lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
  },
  {
    // The shell checks the session and wraps every other admin screen.
    path: 'admin',
    lazy: async () => ({ Component: (await import('../features/auth/admin-shell')).AdminShell }),
    children: [
      { index: true, element: <Navigate to="/admin/merchants" replace /> },
      { path: 'merchants', lazy: merchantList },
      { path: 'merchants/new', lazy: merchantCreate },
      // SPEC §2: view and edit are the same detail screen.
      { path: 'merchants/:id', lazy: merchantDetail },
      { path: 'merchants/:id/edit', lazy: merchantDetail },
      { path: 'audit', lazy: auditLog },
      { path: 'settings', lazy: settings },
      // The whole account page: second factor and password change.
      { path: 'security', lazy: async () => ({ Component: (await import('../features/auth/security-page')).SecurityPage }) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

// React Router matches paths case-insensitively unless a route says otherwise (SPEC §2).
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'shop', element: <ShopPage /> },
          { path: 'checkout', lazy: checkout },
          { path: 'register', lazy: register },
          // SPEC §2 names two success routes; both show the same page.
          { path: 'register/success', lazy: registrationSuccess },
          { path: 'registrasi/success', lazy: registrationSuccess },
          { path: 'status', lazy: status },
          { path: 'privacy', lazy: privacy },
          { path: 'terms', lazy: terms },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      ...adminRoutes,
    ],
  },
]);
