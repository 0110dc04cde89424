import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import {
  RedirectIfAdmin,
  RedirectIfSignedIn,
  RedirectVenueUser,
  RequireAdmin,
  RequireAuth,
  RequireVenueUser,
} from './guards';
import { LandingRoute } from './routes/landing/landing';
import { NotFoundRoute } from './routes/not-found/not-found';
import { RootLayout } from './routes/root/root-layout';
import { PageLoading } from './routes/root/page-loading';
import { RouteError } from './routes/root/route-error';
import { title } from './route-title';

/**
 * The route table of docs/product.md#accounts-routes, with its client-side guards. The landing page
 * is in the main bundle; every other screen loads on demand. Each page's title is its route's
 * `handle` (RootLayout writes it to the document).
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
          { path: '/', element: <LandingRoute />, handle: title('Luxury Nightlife & Yacht Parties') },
          {
            path: '/join',
            lazy: () => import('./routes/join/join').then((m) => ({ Component: m.JoinRoute })),
            handle: title('Join'),
          },
          {
            path: '/signup',
            lazy: () => import('./routes/signup/signup').then((m) => ({ Component: m.SignupRoute })),
            handle: title('Sign Up'),
          },
          {
            path: '/role-selection',
            lazy: () =>
              import('./routes/role-selection/role-selection').then((m) => ({ Component: m.RoleSelectionRoute })),
            handle: title('Choose Your Role'),
          },
          // Reading B's step 1 (its route is not shown in the spec; /register, as its other link says).
          {
            path: '/register',
            lazy: () => import('./routes/register/register').then((m) => ({ Component: m.RegisterRoute })),
            handle: title('Create Account'),
          },
        ],
      },
      {
        element: <RedirectIfSignedIn useRememberedPath />,
        children: [
          {
            path: '/login',
            lazy: () => import('./routes/login/login').then((m) => ({ Component: m.LoginRoute })),
            handle: title('Sign In'),
          },
        ],
      },

      // Other public pages.
      {
        path: '/user-type-selection',
        lazy: () =>
          import('./routes/user-type-selection/user-type-selection').then((m) => ({
            Component: m.UserTypeSelectionRoute,
          })),
        handle: title('Choose Account Type'),
      },
      {
        path: '/signup-location',
        lazy: () =>
          import('./routes/signup-location/signup-location').then((m) => ({ Component: m.SignupLocationRoute })),
        handle: title('Your Location'),
      },
      // Forgot password (docs/product.md#accounts-login):
      // the request, and the emailed link's page (open signed in or not).
      {
        path: '/forgot-password',
        lazy: () =>
          import('./routes/forgot-password/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
        handle: title('Forgot Password'),
      },
      {
        path: '/reset-password',
        lazy: () => import('./routes/reset-password/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
        handle: title('Choose a New Password'),
      },
      // Email verification (docs/product.md#accounts-verification): the emailed link's page, open signed in or not.
      {
        path: '/verify-email',
        lazy: () => import('./routes/verify-email/verify-email').then((m) => ({ Component: m.VerifyEmailRoute })),
        handle: title('Verify Email'),
      },
      {
        path: '/login-success',
        lazy: () => import('./routes/login-success/login-success').then((m) => ({ Component: m.LoginSuccessRoute })),
        handle: title('Signed In'),
      },
      {
        path: '/welcome-success',
        lazy: () =>
          import('./routes/welcome-success/welcome-success').then((m) => ({ Component: m.WelcomeSuccessRoute })),
        handle: title('Welcome'),
      },
      {
        path: '/privacy',
        lazy: () => import('./routes/privacy/privacy').then((m) => ({ Component: m.PrivacyRoute })),
        handle: title('Privacy Policy'),
      },
      {
        path: '/safety',
        lazy: () => import('./routes/safety/safety').then((m) => ({ Component: m.SafetyRoute })),
        handle: title('Safety'),
      },
      {
        path: '/events',
        lazy: () => import('./routes/events/events').then((m) => ({ Component: m.EventsRoute })),
        handle: title('Events'),
      },
      {
        path: '/friend-invite/:token',
        lazy: () => import('./routes/friend-invite/friend-invite').then((m) => ({ Component: m.FriendInviteRoute })),
        handle: title('Friend Invite'),
      },
      {
        path: '/pass/:token',
        lazy: () => import('./routes/pass/pass').then((m) => ({ Component: m.PassRoute })),
        handle: title('Event Pass'),
      },
      // An email's unsubscribe link (its token is the key, no sign-in), and the embedded demo's mailbox.
      {
        path: '/unsubscribe',
        lazy: () => import('./routes/unsubscribe/unsubscribe').then((m) => ({ Component: m.UnsubscribeRoute })),
        handle: title('Unsubscribe'),
      },
      {
        path: '/mailbox',
        lazy: () => import('./routes/mailbox/mailbox').then((m) => ({ Component: m.MailboxRoute })),
        handle: title('Demo Mailbox'),
      },

      // Signed-in only.
      {
        element: <RequireAuth />,
        children: [
          {
            element: <RedirectVenueUser />,
            children: [
              {
                path: '/dashboard',
                lazy: () => import('./routes/dashboard/dashboard').then((m) => ({ Component: m.DashboardRoute })),
                handle: title('Dashboard'),
              },
              {
                path: '/host-dashboard',
                lazy: () => import('./routes/dashboard/dashboard').then((m) => ({ Component: m.DashboardRoute })),
                handle: title('Host Dashboard'),
              },
            ],
          },
          {
            element: <RequireVenueUser />,
            children: [
              {
                path: '/venue-dashboard',
                lazy: () =>
                  import('./routes/venue-dashboard/venue-dashboard').then((m) => ({
                    Component: m.VenueDashboardRoute,
                  })),
                handle: title('Venue Dashboard'),
              },
            ],
          },
          {
            path: '/payment',
            lazy: () => import('./routes/payment/payment').then((m) => ({ Component: m.PaymentRoute })),
            handle: title('Payment'),
          },
          {
            path: '/split/:token',
            lazy: () => import('./routes/split/split').then((m) => ({ Component: m.SplitShareRoute })),
            handle: title('Split Payment'),
          },
          {
            path: '/bookings/:bookingId',
            lazy: () =>
              import('./routes/booking-detail/booking-detail').then((m) => ({ Component: m.BookingDetailRoute })),
            handle: title('Booking'),
          },
          {
            path: '/bookings/:bookingId/pass',
            lazy: () => import('./routes/pass/pass').then((m) => ({ Component: m.MyPassRoute })),
            handle: title('My Pass'),
          },
          {
            path: '/delete-account',
            lazy: () =>
              import('./routes/delete-account/delete-account').then((m) => ({ Component: m.DeleteAccountRoute })),
            handle: title('Delete Account'),
          },
          {
            path: '/notifications',
            lazy: () =>
              import('./routes/notifications/notifications').then((m) => ({ Component: m.NotificationsRoute })),
            handle: title('Notifications'),
          },
          // Door staff of a venue (docs/product.md#passes): any member account the owner added; check-in only.
          {
            path: '/door',
            lazy: () => import('./routes/door/door').then((m) => ({ Component: m.DoorRoute })),
            handle: title('Door Check-In'),
          },
        ],
      },

      // The booking screen: signed-in, or a visitor in the guest flow (?guest=true). The venue id
      // is in the path or in ?venueId=.
      {
        element: <RequireAuth allowGuestFlow />,
        children: [
          {
            path: '/booking/:venueId',
            lazy: () => import('./routes/booking/booking').then((m) => ({ Component: m.BookingRoute })),
            handle: title('Book'),
          },
          {
            path: '/booking',
            lazy: () => import('./routes/booking/booking').then((m) => ({ Component: m.BookingRoute })),
            handle: title('Book'),
          },
        ],
      },

      // Administrator.
      {
        element: <RedirectIfAdmin />,
        children: [
          {
            path: '/admin-login',
            lazy: () => import('./routes/admin-login/admin-login').then((m) => ({ Component: m.AdminLoginRoute })),
            handle: title('Admin Sign In'),
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: '/admin',
            lazy: () => import('./routes/admin/admin').then((m) => ({ Component: m.AdminRoute })),
            handle: title('Admin Console'),
          },
        ],
      },

      { path: '*', element: <NotFoundRoute />, handle: title('Page Not Found') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the lazy routes `location` matches and puts what they export on the route objects, as the
 * router would once it runs, so it starts with the screen's component and no pending load. Before
 * hydrating a prerendered page (main.tsx): the router would otherwise render the hydrate fallback
 * (PageLoading) over the page's markup. Call before `createAppRouter`, which reads the routes.
 */
export async function loadMatchedLazyRoutes(location: { pathname: string }): Promise<void> {
  const lazy = (matchRoutes(routes, location) ?? []).map((m) => m.route).filter((r) => r.lazy);
  await Promise.all(
    lazy.map(async (route) => {
      Object.assign(route, await (route.lazy as () => Promise<Partial<RouteObject>>)());
      delete route.lazy;
    }),
  );
}
