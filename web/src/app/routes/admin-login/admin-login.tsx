import { ADMIN_MESSAGES } from '@luxe/contracts';
import { useEffect, useState } from 'react';
import { AuthShell } from '../../../components/layout/auth-shell';
import { useForgetAdminData } from '../../../features/admin/api/session';
import { AdminLoginForm } from '../../../features/admin/components/admin-login-form';
import { clearAdminToken, getAdminSignOutReason } from '../../../lib/auth-store';

/** /admin-login: the administrator's sign-in; says so when the previous token expired or was refused. */
export function AdminLoginRoute() {
  const forgetAdminData = useForgetAdminData();
  const [expired] = useState(() => getAdminSignOutReason() === 'expired');
  // Nothing a previous admin read stays in memory once the console is left, nor an expired token in storage.
  useEffect(() => {
    forgetAdminData();
    if (expired) clearAdminToken('expired');
  }, [forgetAdminData, expired]);

  return (
    <AuthShell
      title="Admin Login"
      subtitle="Administrators only: manage members, venues and VIP rooms."
      back={{ to: '/', label: 'Back to home' }}
    >
      {expired ? (
        <p
          role="status"
          className="mb-5 rounded-xl border border-gold-400/40 bg-gold-400/10 px-4 py-3 text-sm text-gold-100"
        >
          {ADMIN_MESSAGES.sessionExpired}
        </p>
      ) : null}
      <AdminLoginForm />
    </AuthShell>
  );
}
