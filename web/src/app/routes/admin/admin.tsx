import { AdminConsole } from '../../../features/admin/components/admin-console';

/** /admin: the admin console (users, venues, VIP rooms, reports, audit log); the guard requires a valid admin token. */
export function AdminRoute() {
  return <AdminConsole />;
}
