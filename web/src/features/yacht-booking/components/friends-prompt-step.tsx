import { Button } from '../../../components/ui/button';
import { StepShell } from './step-shell';

/** Step 4: the prompt to add friends, strongly recommended (docs/product.md#booking-yachts). */
export function FriendsPromptStep({
  onBack,
  onYes,
  onSkip,
  focusTitle,
}: {
  onBack: () => void;
  onYes: () => void;
  onSkip: () => void;
  focusTitle: boolean;
}) {
  return (
    <StepShell
      title="Would you like to add some friends to your event?"
      eyebrow="Friends"
      onBack={onBack}
      focusTitle={focusTitle}
    >
      <p>
        <span className="inline-flex rounded-full bg-gold-400/15 px-3 py-1 text-xs font-bold uppercase tracking-wider text-gold-200 ring-1 ring-gold-300/40">
          Strongly recommended
        </span>
      </p>
      <p className="text-neutral-300">
        Friends you add get their own invite link and show up on your event, so the venue and your guests know who is
        coming.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="button" size="lg" className="sm:flex-1" onClick={onYes}>
          Yes, Add Friends
        </Button>
        <Button type="button" size="lg" variant="secondary" className="sm:flex-1" onClick={onSkip}>
          Skip for Now
        </Button>
      </div>
    </StepShell>
  );
}
