import { useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { screen } from './query-screen';
import type { Screen } from './screen';

// The admin area's screens, each a chunk of its own. This table is a chunk too, loaded by the entry's
// `admin/*` route: public pages never download the admin screens' imports nor the names of their chunks.
const Login = screen(async () => (await import('../features/auth/login-page')).LoginPage);
const AdminShell = screen(async () => (await import('./admin-shell')).AdminShell);
const MerchantList = screen(async () => (await import('../features/merchants/merchant-list-page')).MerchantListPage);
// The admin's landing page (decision 0022): the same list as the queue, processing only, the longest waiting first.
const Queue = screen(async () => {
  const { MerchantListPage } = await import('../features/merchants/merchant-list-page');
  return () => <MerchantListPage queue />;
});
const Dashboard = screen(async () => (await import('../features/workbench/dashboard-page')).DashboardPage);
const Review = screen(async () => (await import('../features/workbench/review-page')).ReviewPage);
const MerchantCreate = screen(async () => (await import('../features/merchants/merchant-create-page')).MerchantCreatePage);
const MerchantDetail = screen(async () => (await import('../features/merchants/merchant-detail-page')).MerchantDetailPage);
const AuditLog = screen(async () => (await import('../features/audit/audit-log-page')).AuditLogPage);
const OrderList = screen(async () => (await import('../features/orders/order-list-page')).OrderListPage);
const OrderDetail = screen(async () => (await import('../features/orders/order-detail-page')).OrderDetailPage);
const Fulfilment = screen(async () => (await import('../features/orders/fulfilment-page')).FulfilmentPage);
const DeviceList = screen(async () => (await import('../features/devices/device-list-page')).DeviceListPage);
const ProductAdmin = screen(async () => (await import('../features/orders/product-admin-page')).ProductAdminPage);
const Security = screen(async () => (await import('../features/auth/security-page')).SecurityPage);
// Settings holds the sign-in feature's second-factor section; the two features meet only here.
const Settings = screen(async () => {
  const [{ SettingsPage }, { TotpEnrolment }] = await Promise.all([
    import('../features/settings/settings-page'),
    import('../features/auth/totp-enrolment'),
  ]);
  return () => <SettingsPage security={<TotpEnrolment />} />;
});

function page(path: string, Page: Screen): RouteObject {
  return { path, element: <Page /> };
}

// Relative to /admin; React Router matches them case-insensitively like the public routes (docs/spec.md §2).
const ADMIN_ROUTES: RouteObject[] = [
  page('login', Login),
  {
    // The shell checks the session and wraps every other admin screen.
    element: <AdminShell />,
    children: [
      { index: true, element: <Queue /> },
      page('dashboard', Dashboard),
      page('merchants', MerchantList),
      page('merchants/new', MerchantCreate),
      // docs/spec.md §2: view and edit are the same detail screen.
      page('merchants/:id', MerchantDetail),
      page('merchants/:id/edit', MerchantDetail),
      page('merchants/:id/review', Review),
      page('orders', OrderList),
      page('orders/:id', OrderDetail),
      page('fulfilment', Fulfilment),
      page('devices', DeviceList),
      page('products', ProductAdmin),
      page('audit', AuditLog),
      page('settings', Settings),
      // The whole account page: second factor and password change.
      page('security', Security),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Everything under /admin. */
export function AdminRoutes() {
  return useRoutes(ADMIN_ROUTES);
}
