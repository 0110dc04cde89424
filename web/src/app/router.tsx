import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RedirectIfAdmin, RedirectIfSignedIn, RedirectVenueUser, RequireAdmin, RequireAuth, RequireVenueUser } from './guards';
import { LandingRoute } from './routes/landing/landing';
import { NotFoundRoute } from './routes/not-found/not-found';
import { RootLayout } from './routes/root/root-layout';
import { PageLoading } from './routes/root/page-loading';
import { RouteError } from './routes/root/route-error';

/**
 * The route table of spec doc 1 §2, with its client-side guards. The landing page is in the
 * main bundle; every other screen loads on demand.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      // Public entry pages: a signed-in user goes to their dashboard.
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/', element: <LandingRoute /> },
          { path: '/join', lazy: () => import('./routes/join/join').then((m) => ({ Component: m.JoinRoute })) },
          { path: '/signup', lazy: () => import('./routes/signup/signup').then((m) => ({ Component: m.SignupRoute })) },
          { path: '/role-selection', lazy: () => import('./routes/role-selection/role-selection').then((m) => ({ Component: m.RoleSelectionRoute })) },
          // Reading B's step 1 (its route is not shown in the spec; /register, as its other link says).
          { path: '/register', lazy: () => import('./routes/register/register').then((m) => ({ Component: m.RegisterRoute })) },
        ],
      },
      { element: <RedirectIfSignedIn useRememberedPath />, children: [{ path: '/login', lazy: () => import('./routes/login/login').then((m) => ({ Component: m.LoginRoute })) }] },

      // Other public pages.
      { path: '/user-type-selection', lazy: () => import('./routes/user-type-selection/user-type-selection').then((m) => ({ Component: m.UserTypeSelectionRoute })) },
      { path: '/signup-location', lazy: () => import('./routes/signup-location/signup-location').then((m) => ({ Component: m.SignupLocationRoute })) },
      { path: '/login-success', lazy: () => import('./routes/login-success/login-success').then((m) => ({ Component: m.LoginSuccessRoute })) },
      { path: '/welcome-success', lazy: () => import('./routes/welcome-success/welcome-success').then((m) => ({ Component: m.WelcomeSuccessRoute })) },
      { path: '/privacy', lazy: () => import('./routes/privacy/privacy').then((m) => ({ Component: m.PrivacyRoute })) },
      { path: '/safety', lazy: () => import('./routes/safety/safety').then((m) => ({ Component: m.SafetyRoute })) },
      { path: '/events', lazy: () => import('./routes/events/events').then((m) => ({ Component: m.EventsRoute })) },
      { path: '/friend-invite/:token', lazy: () => import('./routes/friend-invite/friend-invite').then((m) => ({ Component: m.FriendInviteRoute })) },
      { path: '/pass/:token', lazy: () => import('./routes/pass/pass').then((m) => ({ Component: m.PassRoute })) },

      // Signed-in only.
      {
        element: <RequireAuth />,
        children: [
          {
            element: <RedirectVenueUser />,
            children: [
              { path: '/dashboard', lazy: () => import('./routes/dashboard/dashboard').then((m) => ({ Component: m.DashboardRoute })) },
              { path: '/host-dashboard', lazy: () => import('./routes/dashboard/dashboard').then((m) => ({ Component: m.DashboardRoute })) },
            ],
          },
          { element: <RequireVenueUser />, children: [{ path: '/venue-dashboard', lazy: () => import('./routes/venue-dashboard/venue-dashboard').then((m) => ({ Component: m.VenueDashboardRoute })) }] },
          { path: '/payment', lazy: () => import('./routes/payment/payment').then((m) => ({ Component: m.PaymentRoute })) },
          { path: '/split/:token', lazy: () => import('./routes/split/split').then((m) => ({ Component: m.SplitShareRoute })) },
          { path: '/bookings/:bookingId', lazy: () => import('./routes/booking-detail/booking-detail').then((m) => ({ Component: m.BookingDetailRoute })) },
          { path: '/bookings/:bookingId/pass', lazy: () => import('./routes/pass/pass').then((m) => ({ Component: m.MyPassRoute })) },
          { path: '/delete-account', lazy: () => import('./routes/delete-account/delete-account').then((m) => ({ Component: m.DeleteAccountRoute })) },
          // Door staff of a venue (issue 31.2.18): any member account the owner added; check-in only.
          { path: '/door', lazy: () => import('./routes/door/door').then((m) => ({ Component: m.DoorRoute })) },
        ],
      },

      // The booking screen: signed-in, or a visitor in the guest flow (?guest=true). The venue id
      // is in the path or in ?venueId=.
      {
        element: <RequireAuth allowGuestFlow />,
        children: [
          { path: '/booking/:venueId', lazy: () => import('./routes/booking/booking').then((m) => ({ Component: m.BookingRoute })) },
          { path: '/booking', lazy: () => import('./routes/booking/booking').then((m) => ({ Component: m.BookingRoute })) },
        ],
      },

      // Administrator.
      { element: <RedirectIfAdmin />, children: [{ path: '/admin-login', lazy: () => import('./routes/admin-login/admin-login').then((m) => ({ Component: m.AdminLoginRoute })) }] },
      { element: <RequireAdmin />, children: [{ path: '/admin', lazy: () => import('./routes/admin/admin').then((m) => ({ Component: m.AdminRoute })) }] },

      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
