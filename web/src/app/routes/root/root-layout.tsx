import { Outlet } from 'react-router-dom';
import { SessionSync } from '../../session-sync';

/** Parent of every route: keeps the stored user in step with the server session. */
export function RootLayout() {
  return (
    <>
      <SessionSync />
      <Outlet />
    </>
  );
}
