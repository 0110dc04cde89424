import { Link, Navigate } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { useMyPass } from '../api/passes';

/** /bookings/{id}/pass: fetches the signed-in attendee's pass and opens its page. */
export function MyPassRedirect({ bookingId }: { bookingId: string }) {
  const pass = useMyPass(bookingId);
  if (pass.isSuccess) return <Navigate to={pass.data.url} replace />;
  return (
    <div className="min-h-dvh bg-neutral-950 px-5 py-6 text-neutral-100">
      <main className="mx-auto flex max-w-md flex-col gap-4 rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center">
        {pass.isPending ? (
          <p role="status" className="text-neutral-300">
            Loading pass...
          </p>
        ) : (
          <>
            <h1 className="font-display text-2xl font-semibold text-white">No pass</h1>
            <p role="alert" className="text-red-300">
              {serverMessage(pass.error, 'We could not load your pass. Please try again.')}
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <Button type="button" variant="secondary" onClick={() => void pass.refetch()}>
                Try Again
              </Button>
              <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
                Back to dashboard
              </Link>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
