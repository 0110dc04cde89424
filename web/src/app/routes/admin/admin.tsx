import { ComingSoon } from '../../../components/layout/coming-soon';

/** /admin: users, venues and VIP rooms; a placeholder for now. */
export function AdminRoute() {
  return <ComingSoon title="Admin Console" route="/admin" />;
}
