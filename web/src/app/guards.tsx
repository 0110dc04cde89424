import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import {
  clearAdminToken,
  clearRedirectAfterLogin,
  getAdminTokenExpiry,
  getSignOutReason,
  homePathFor,
  postLoginPath,
  rememberRedirectAfterLogin,
  useAdminToken,
  useCurrentUser,
} from '../lib/auth-store';

/*
 * Client-side route guards (docs/product.md#accounts-routes). Signed-in means a current user is
 * stored in the browser; the server session stays the truth (see SessionSync), and every /api route
 * is enforced on the server anyway.
 */

/**
 * Signed-in-only routes: a visitor goes to /login and the wanted path is remembered.
 * `allowGuestFlow` (the booking screen): a visitor who came with `?guest=true` may stay and fill
 * in a booking; finishing it asks for an account (docs/product.md#accounts-resume-booking).
 */
export function RequireAuth({ allowGuestFlow = false }: { allowGuestFlow?: boolean }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user && allowGuestFlow && new URLSearchParams(location.search).get('guest') === 'true') return <Outlet />;
  if (!user) {
    // A deleted account has nowhere to sign in to: home.
    if (getSignOutReason() === 'deleted') return <Navigate to="/" replace />;
    // After an explicit logout there is nothing to come back to.
    const remember = getSignOutReason() !== 'logout';
    return <RedirectToLogin from={`${location.pathname}${location.search}${location.hash}`} remember={remember} />;
  }
  return <ReachedProtectedPage />;
}

function RedirectToLogin({ from, remember }: { from: string; remember: boolean }) {
  useEffect(() => {
    if (remember) rememberRedirectAfterLogin(from);
  }, [from, remember]);
  return <Navigate to="/login" replace />;
}

function ReachedProtectedPage() {
  // The remembered path has served its purpose once a signed-in user is on a protected page.
  useEffect(() => {
    clearRedirectAfterLogin();
  }, []);
  return <Outlet />;
}

/**
 * Public entry pages (/, /login, /signup, /join, /role-selection): a signed-in user goes to
 * /venue-dashboard (venue owners) or /dashboard. On /login the remembered path wins, so the
 * guard and the login form agree on where a fresh sign-in lands.
 */
export function RedirectIfSignedIn({ useRememberedPath = false }: { useRememberedPath?: boolean }) {
  const user = useCurrentUser();
  if (user) return <Navigate to={useRememberedPath ? postLoginPath(user) : homePathFor(user)} replace />;
  return <Outlet />;
}

/** /dashboard and /host-dashboard: venue owners have their own dashboard. */
export function RedirectVenueUser() {
  const user = useCurrentUser();
  if (user?.userType === 'venue') return <Navigate to="/venue-dashboard" replace />;
  return <Outlet />;
}

/**
 * /venue-dashboard is the venue owners' (docs/product.md#venues-dashboard: venue users only have
 * My Events and My Bookings): any other member goes to his own dashboard instead of a shell whose
 * every list the server refuses him ('You do not have permission'). The server stays the guard of
 * the data.
 */
export function RequireVenueUser() {
  const user = useCurrentUser();
  if (user && user.userType !== 'venue') return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}

/** Longest delay a browser timer takes (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * /admin: without a valid stored admin token (none, or its expiry passed), go to /admin-login.
 * The token is forgotten the moment it expires, so an open console leaves by itself; a token the
 * server refuses earlier is forgotten by the api client (401).
 */
export function RequireAdmin() {
  const token = useAdminToken();
  useEffect(() => {
    if (!token) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const expiry = getAdminTokenExpiry();
      if (expiry === null) return;
      const left = expiry - Date.now();
      if (left <= 0) clearAdminToken('expired');
      // Timers may fire a little early, and not later than MAX_TIMER_MS: look again then.
      else timer = setTimeout(check, Math.min(left + 50, MAX_TIMER_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [token]);
  if (!token) return <Navigate to="/admin-login" replace />;
  return <Outlet />;
}

/** /admin-login: a holder of a valid admin token goes to /admin (an expired one counts as none). */
export function RedirectIfAdmin() {
  const token = useAdminToken();
  if (token) return <Navigate to="/admin" replace />;
  return <Outlet />;
}
