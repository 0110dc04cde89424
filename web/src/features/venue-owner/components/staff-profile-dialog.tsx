import { useState } from 'react';
import type { Bartender, Dancer } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { StatusBadge } from './fields';

/** A dancer's or bartender's profile: image carousel, name, Available badge, description and specialties. */
export function StaffProfileDialog({ member, onClose }: { member: Dancer | Bartender; onClose: () => void }) {
  const images = member.images.length > 0 ? member.images : [member.imageUrl];
  const [index, setIndex] = useState(0);
  const go = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length);
  return (
    <Dialog title={member.name} onClose={onClose}>
      <div className="relative">
        <img src={images[index]} alt={`${member.name}, photo ${index + 1} of ${images.length}`} className="aspect-[4/5] w-full rounded-2xl object-cover" />
        {images.length > 1 ? (
          <>
            <button type="button" onClick={() => go(-1)} aria-label="Previous photo" className="absolute left-2 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/80 text-white focus-visible:outline-2 focus-visible:outline-gold-400">
              ‹
            </button>
            <button type="button" onClick={() => go(1)} aria-label="Next photo" className="absolute right-2 top-1/2 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/80 text-white focus-visible:outline-2 focus-visible:outline-gold-400">
              ›
            </button>
            <p className="mt-2 text-center text-xs text-neutral-300" aria-live="polite">
              {index + 1} / {images.length}
            </p>
          </>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={member.isAvailable ? 'green' : 'neutral'}>{member.isAvailable ? 'Available' : 'Unavailable'}</StatusBadge>
        {'priceModifier' in member ? <StatusBadge tone="gold">Price ×{member.priceModifier}</StatusBadge> : null}
      </div>
      {member.description ? <p className="text-sm text-neutral-200">{member.description}</p> : null}
      {member.specialties.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Specialties">
          {member.specialties.map((s) => (
            <li key={s}>
              <StatusBadge tone="neutral">{s}</StatusBadge>
            </li>
          ))}
        </ul>
      ) : null}
      <Button type="button" variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}
