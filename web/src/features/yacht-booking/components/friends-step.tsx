import { useId, useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useCurrentUser } from '../../../lib/auth-store';
import { FRIEND_STEP_MESSAGES, useCreateFriend, useRemoveFriend } from '../api/friends';
import { FriendAvatar, FriendPhotoInput, toFlowFriend, type FlowFriend } from './friend-photo-input';
import { NextBar, StepShell } from './step-shell';

/** Step 5: add friends by name, give each a photo, remove one (docs/product.md#booking-yachts). */
export function FriendsStep({
  friends,
  onAdd,
  onUpdate,
  onRemove,
  onBack,
  onNext,
  focusTitle,
}: {
  friends: readonly FlowFriend[];
  onAdd: (friend: FlowFriend) => void;
  onUpdate: (friend: FlowFriend) => void;
  onRemove: (id: string) => void;
  onBack: () => void;
  onNext: () => void;
  focusTitle: boolean;
}) {
  const user = useCurrentUser();
  const nameId = useId();
  const errorId = useId();
  const listId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFriend();
  const removal = useRemoveFriend();
  const blank = name.trim() === '';

  // Removed on the server first: a friend left there would keep a working invite link.
  const remove = (id: string) => {
    setError(null);
    removal.mutate(id, { onSuccess: () => onRemove(id), onError: () => setError(FRIEND_STEP_MESSAGES.removeFailed) });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blank || create.isPending) return;
    if (!user) {
      setError(FRIEND_STEP_MESSAGES.noUser);
      return;
    }
    setError(null);
    create.mutate(name.trim(), {
      onSuccess: (friend) => {
        onAdd(toFlowFriend(friend));
        setName('');
      },
      onError: () => setError(FRIEND_STEP_MESSAGES.addFailed),
    });
  };

  return (
    <StepShell
      title="Add Friends"
      eyebrow="Friends"
      onBack={onBack}
      focusTitle={focusTitle}
      footer={<NextBar onNext={onNext} />}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-2">
        <Label htmlFor={nameId}>Friend name</Label>
        <div className="flex gap-2">
          <Input
            id={nameId}
            value={name}
            maxLength={TEXT_LIMITS.friendName}
            autoComplete="off"
            placeholder="e.g. Jamie"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" className="h-12 shrink-0" disabled={blank || create.isPending}>
            {create.isPending ? 'Adding...' : 'Add'}
          </Button>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-300">
            {error}
          </p>
        ) : null}
      </form>

      <section aria-labelledby={listId}>
        <h2 id={listId} className="text-lg font-semibold text-white">
          Friends added ({friends.length})
        </h2>
        {friends.length ? (
          <ul aria-labelledby={listId} className="mt-3 flex flex-col gap-3">
            {friends.map((f) => (
              <li
                key={f.id}
                className="flex flex-wrap items-center gap-3 rounded-2xl border border-white/10 bg-neutral-900/70 p-3"
              >
                <FriendAvatar friend={f} />
                <span className="min-w-0 flex-1 truncate font-medium text-white">{f.name}</span>
                <FriendPhotoInput friend={f} onUploaded={onUpdate} />
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${f.name}`}
                  disabled={removal.isPending}
                  onClick={() => remove(f.id)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-neutral-400">No friends added yet.</p>
        )}
      </section>
    </StepShell>
  );
}
