import { useState } from 'react';
import type { JoinRequest } from '@luxe/contracts';

/** 'Mia Laurent' (a request whose guest is gone reads 'Guest'). */
export function guestName(request: JoinRequest): string {
  const name = [request.guest?.firstName, request.guest?.lastName].filter(Boolean).join(' ').trim();
  return name || 'Guest';
}

/**
 * The guest's main photo, else (no photo, or one that does not load) the initial of the first
 * name on gold. Decorative: the name is written next to it.
 */
export function GuestAvatar({ request }: { request: JoinRequest }) {
  const photo = request.guest?.profileImages[0];
  const [failed, setFailed] = useState(false);
  if (photo && !failed) {
    return (
      <img
        src={photo}
        alt=""
        data-testid="guest-photo"
        onError={() => setFailed(true)}
        className="h-12 w-12 shrink-0 rounded-full object-cover ring-2 ring-gold-400/60"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="guest-initial"
      className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-gold-400 text-lg font-semibold text-neutral-950"
    >
      {guestName(request).charAt(0).toUpperCase()}
    </span>
  );
}
