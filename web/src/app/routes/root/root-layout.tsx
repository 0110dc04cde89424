import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { focusPageHeadingWhenShown } from '../../../lib/focus';
import { revealFocusedTextAreas } from '../../../lib/obscuring-bars';
import { documentTitle } from '../../route-title';
import { SessionSync } from '../../session-sync';

/**
 * Parent of every route: keeps the stored user in step with the server session, titles the
 * document after the matched route (WCAG 2.4.2), and after a route change moves the focus to the
 * new page's heading, where the control that navigated went away with the old page (2.4.3).
 */
export function RootLayout() {
  const pageTitle = documentTitle(useMatches());
  useEffect(() => {
    document.title = pageTitle;
  }, [pageTitle]);

  useEffect(revealFocusedTextAreas, []);

  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    // The first page keeps the browser's own start (focus at the document's start).
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    return focusPageHeadingWhenShown();
  }, [pathname]);

  return (
    <>
      <SessionSync />
      <Outlet />
    </>
  );
}
