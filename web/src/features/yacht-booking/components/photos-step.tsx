import { FriendAvatar, FriendPhotoInput, type FlowFriend } from './friend-photo-input';
import { NextBar, StepShell } from './step-shell';

/** Step 6: photos for all guests, recommended (docs/product.md#booking-yachts). */
export function PhotosStep({
  friends,
  onUpdate,
  onBack,
  onNext,
  focusTitle,
}: {
  friends: readonly FlowFriend[];
  onUpdate: (friend: FlowFriend) => void;
  onBack: () => void;
  onNext: () => void;
  focusTitle: boolean;
}) {
  const withPhoto = friends.filter((f) => f.profilePicture).length;
  return (
    <StepShell
      title="Friends Photos"
      eyebrow="Friends"
      onBack={onBack}
      focusTitle={focusTitle}
      footer={<NextBar onNext={onNext} />}
    >
      <p className="rounded-2xl border border-gold-400/30 bg-gold-400/10 px-4 py-3 text-sm text-gold-100">
        Recommended: add a photo for every guest, so the crew and your guests recognise each other.
      </p>
      {friends.length ? (
        <>
          <p data-testid="photos-progress" className="text-sm text-neutral-300">
            {withPhoto} of {friends.length} guests have a photo
          </p>
          <ul aria-label="Guests" className="flex flex-col gap-3">
            {friends.map((f) => (
              <li
                key={f.id}
                className="flex items-center gap-3 rounded-2xl border border-white/10 bg-neutral-900/70 p-3"
              >
                <FriendAvatar friend={f} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-white">{f.name}</span>
                  <span className="block text-xs text-neutral-400">
                    {f.profilePicture ? 'Photo added' : 'No photo yet'}
                  </span>
                </span>
                <FriendPhotoInput friend={f} onUploaded={onUpdate} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-neutral-300">
          No friends added yet. You can go back to add friends, or continue to the preview.
        </p>
      )}
    </StepShell>
  );
}
