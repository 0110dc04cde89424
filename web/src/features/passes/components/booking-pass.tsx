import { Link } from 'react-router-dom';
import type { Booking } from '@luxe/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { useMyPass } from '../api/passes';
import { PassQr } from './pass-qr';
import { DoorCode } from './door-code';
import { QueryState } from '../../../components/query-state';

/** The host's door pass for the booking: its QR code, door code and its own page. */
export function BookingPass({ booking }: { booking: Booking }) {
  const pass = useMyPass(booking.id);
  return (
    <section
      aria-labelledby="booking-pass-title"
      className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-neutral-950/60 p-4"
    >
      <h2 id="booking-pass-title" className="text-lg font-semibold text-white">
        Your door pass
      </h2>
      <QueryState
        query={pass}
        loading={
          <p role="status" className="text-sm text-neutral-300">
            Loading pass...
          </p>
        }
        errorText="We could not load your pass. Please try again."
        errorLook="inline"
      >
        {(loaded) => (
          <>
            <PassQr token={loaded.token} label={`QR code of your pass for ${booking.venueName}`} />
            <dl className="text-center">
              <DoorCode code={loaded.code} />
            </dl>
            <Link to={loaded.url} className={buttonClasses('secondary', 'sm', 'self-center')}>
              Open pass
            </Link>
          </>
        )}
      </QueryState>
    </section>
  );
}
