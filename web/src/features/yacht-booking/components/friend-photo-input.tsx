import { useId, useState } from 'react';
import type { Friend } from '@luxe/contracts';
import { cn } from '../../../lib/cn';
import { FRIEND_PHOTO_TYPES, FRIEND_STEP_MESSAGES, useUploadFriendPhoto } from '../api/friends';

/** A friend in the flow: created on the server, with the picture once one is uploaded. */
export interface FlowFriend {
  id: string;
  name: string;
  profilePicture: string | null;
}

export function toFlowFriend(f: Friend): FlowFriend {
  return { id: f.id, name: f.name, profilePicture: f.profilePicture };
}

/** A friend's picture, or the initial of the name. */
export function FriendAvatar({ friend, className }: { friend: FlowFriend; className?: string }) {
  return friend.profilePicture ? (
    <img
      src={friend.profilePicture}
      alt={`Photo of ${friend.name}`}
      className={cn('h-12 w-12 shrink-0 rounded-full object-cover ring-2 ring-neutral-950', className)}
    />
  ) : (
    <span
      role="img"
      aria-label={`${friend.name}, no photo yet`}
      className={cn(
        'inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-neutral-700 font-semibold text-white ring-2 ring-neutral-950',
        className,
      )}
    >
      {friend.name.trim()[0]?.toUpperCase() ?? '?'}
    </span>
  );
}

/** Upload (or change) a friend's photo: a file input styled as a button; the server checks the image. */
export function FriendPhotoInput({
  friend,
  onUploaded,
}: {
  friend: FlowFriend;
  onUploaded: (friend: FlowFriend) => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const upload = useUploadFriendPhoto();
  const [error, setError] = useState<string | null>(null);

  return (
    <div className="flex flex-col items-end gap-1">
      <label
        htmlFor={inputId}
        className={cn(
          'relative inline-flex h-9 cursor-pointer items-center justify-center rounded-full border border-gold-400/60 px-4 text-sm font-semibold text-gold-200 hover:bg-gold-400/10',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400',
          upload.isPending && 'cursor-wait opacity-60',
        )}
      >
        {upload.isPending ? 'Uploading...' : friend.profilePicture ? 'Change photo' : 'Upload photo'}
        <input
          id={inputId}
          type="file"
          accept={FRIEND_PHOTO_TYPES.join(',')}
          aria-label={`${friend.profilePicture ? 'Change' : 'Upload'} photo for ${friend.name}`}
          aria-describedby={error ? errorId : undefined}
          disabled={upload.isPending}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setError(null);
            upload.mutate(
              { friendId: friend.id, file },
              {
                onSuccess: (f) => onUploaded(toFlowFriend(f)),
                onError: () => setError(FRIEND_STEP_MESSAGES.uploadFailed),
              },
            );
          }}
        />
      </label>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
