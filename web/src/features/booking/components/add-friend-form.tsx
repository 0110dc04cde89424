import { useId, useState, type FormEvent } from 'react';
import { FRIEND_MESSAGES, TEXT_LIMITS, type Friend } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { getCurrentUser } from '../../../lib/auth-store';
import { local, STORAGE_KEYS } from '../../../lib/storage';
import { useAddFriend } from '../api/add-friend';
import { ChoiceGroup } from './choice-group';

export const FRIEND_ALERTS = {
  noUser: 'User not found. Please log in again.',
  failed: 'Failed to add friend. Please try again.',
  photoFailed: 'Friend added, but the photo could not be uploaded.',
} as const;

type Method = 'instagram' | 'photo';
const METHODS = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'photo', label: 'Photo' },
] as const;

/** Adds a friend to the booking: a name plus an Instagram handle or a photo (docs/product.md#booking-friends). */
export function AddFriendForm({ bookingId, onAdded }: { bookingId: string; onAdded: (friend: Friend) => void }) {
  const id = useId();
  const [method, setMethod] = useState<Method>('instagram');
  const [name, setName] = useState('');
  const [instagram, setInstagram] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [nameError, setNameError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const addFriend = useAddFriend();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    if (!name.trim()) {
      setNameError(FRIEND_MESSAGES.name);
      return;
    }
    setNameError(null);
    if (!getCurrentUser()?.id || !local.get(STORAGE_KEYS.currentUserId)) {
      setAlert(FRIEND_ALERTS.noUser);
      return;
    }
    addFriend.mutate(
      {
        name,
        bookingId,
        instagram: method === 'instagram' ? instagram.replace(/^@/, '') : undefined,
        photo: method === 'photo' ? (photo ?? undefined) : undefined,
      },
      {
        onSuccess: ({ friend, photoFailed }) => {
          onAdded(friend);
          setName('');
          setInstagram('');
          setPhoto(null);
          setFileKey((k) => k + 1);
          if (photoFailed) setAlert(FRIEND_ALERTS.photoFailed);
        },
        onError: (error) => {
          console.error('Adding a friend failed', error);
          setAlert(FRIEND_ALERTS.failed);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-2xl border border-white/10 bg-white/5 p-3"
      aria-label="Add a friend"
    >
      <ChoiceGroup
        name={`${id}-method`}
        legend="Add by"
        options={METHODS}
        value={method}
        onChange={setMethod}
        columns="grid-cols-2"
      />
      <div>
        <Label htmlFor={`${id}-name`}>Friend name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={TEXT_LIMITS.friendName}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
        />
        {nameError ? (
          <p id={`${id}-name-error`} className="mt-1 text-sm text-red-300">
            {nameError}
          </p>
        ) : null}
      </div>
      {method === 'instagram' ? (
        <div>
          <Label htmlFor={`${id}-instagram`}>Instagram handle</Label>
          <Input
            id={`${id}-instagram`}
            value={instagram}
            maxLength={TEXT_LIMITS.friendInstagram}
            onChange={(e) => setInstagram(e.target.value)}
            placeholder="@handle"
            autoComplete="off"
          />
        </div>
      ) : (
        <div>
          <Label htmlFor={`${id}-photo`}>Friend photo</Label>
          <input
            key={fileKey}
            id={`${id}-photo`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-neutral-200 file:mr-3 file:rounded-full file:border-0 file:bg-gold-400 file:px-4 file:py-2 file:font-semibold file:text-neutral-950 focus-visible:outline-2 focus-visible:outline-gold-400"
          />
        </div>
      )}
      {alert ? (
        <p role="alert" className="text-sm text-red-300">
          {alert}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={addFriend.isPending}>
        {addFriend.isPending ? 'Adding...' : 'Add Friend'}
      </Button>
    </form>
  );
}
