import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useDeleteAccount } from '../../../features/account/api/delete-account';
import { serverMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth-store';
import { SignedInBell } from '../../../components/layout/notification-bell';

/** What deletion removes (docs/product.md#accounts-deletion). */
export const DELETED_ITEMS = [
  'Your profile, photos and settings',
  'All your bookings and events, past and future',
  'Your messages and conversations',
  'Venues you own, your invites and your connections',
] as const;

/** /delete-account: permanent deletion of the signed-in account, after an explicit confirmation. */
export function DeleteAccountRoute() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  const checkboxId = useId();
  const warningId = useId();
  const remove = useDeleteAccount({
    onSuccess: () => {
      toast({ title: 'Account Deleted', description: 'Your account and your data have been permanently deleted.' });
      navigate('/', { replace: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Deletion failed',
        description: serverMessage(error, 'Failed to delete account. Please try again.'),
      });
    },
  });

  return (
    <div className="min-h-dvh bg-neutral-950 px-5 py-6 text-neutral-100">
      <div className="mx-auto flex max-w-lg flex-col gap-6">
        <header className="flex flex-wrap items-center justify-between gap-4">
          <Logo />
          <div className="flex items-center gap-2">
            <SignedInBell />
            <Link to="/dashboard" className={buttonClasses('ghost', 'sm')}>
              ← Back to Dashboard
            </Link>
          </div>
        </header>
        <main className="flex flex-col gap-5 rounded-3xl border border-red-500/30 bg-neutral-900/70 p-6 sm:p-8">
          <h1 className="font-display text-3xl font-semibold text-white">Delete Account</h1>
          <div
            id={warningId}
            role="note"
            className="rounded-2xl border border-red-500/40 bg-red-500/10 p-4 text-red-100"
          >
            <p className="font-semibold">This action cannot be undone.</p>
            <p className="mt-1 text-sm text-red-100/90">Deleting your account permanently removes:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-100/90">
              {DELETED_ITEMS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className="flex items-start gap-3">
            <input
              id={checkboxId}
              type="checkbox"
              className="mt-1 h-5 w-5 shrink-0 accent-red-500"
              checked={confirmed}
              disabled={remove.isPending}
              aria-describedby={warningId}
              onChange={(e) => setConfirmed(e.target.checked)}
            />
            <label htmlFor={checkboxId} className="text-sm text-neutral-200">
              I understand that deleting my account is permanent and cannot be undone.
            </label>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to="/dashboard" className={buttonClasses('secondary', 'md')}>
              Cancel
            </Link>
            <Button
              type="button"
              variant="destructive"
              disabled={!confirmed || remove.isPending || !user}
              onClick={() => user && remove.mutate(user.id)}
            >
              {remove.isPending ? 'Deleting...' : 'Delete My Account'}
            </Button>
          </div>
        </main>
      </div>
    </div>
  );
}
