import { ComingSoon } from '../../../components/layout/coming-soon';

/** /admin-login: the administrator's sign-in; a placeholder for now. */
export function AdminLoginRoute() {
  return <ComingSoon title="Admin Login" route="/admin-login" />;
}
