import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/**
 * A visitor reserving (docs/product.md#accounts-resume-booking): the choice is kept; an account
 * finishes the booking. Sign-up and log-in both come back to the booking (the remembered path). The
 * free account is a host's: whoever books an event hosts it (its home lists the member's bookings;
 * a guest's lists the events he joined).
 */
export function AccountRequiredDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog
      title="Create Account to Complete Booking"
      onClose={onClose}
      description="Your selection is saved. Create a free account or log in to finish your booking."
    >
      <div className="flex flex-col gap-3">
        <Button type="button" onClick={() => navigate('/signup?type=host')}>
          Create Free Account
        </Button>
        <Button type="button" variant="secondary" onClick={() => navigate('/login')}>
          Already have an account? Log In
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          Not now
        </Button>
      </div>
    </Dialog>
  );
}
