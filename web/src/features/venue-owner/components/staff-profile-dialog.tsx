import type { Bartender, Dancer } from '@luxe/contracts';
import { ImageCarousel } from '../../../components/image-carousel';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { StatusBadge } from './fields';

/** A dancer's or bartender's profile: image carousel, name, Available badge, description and specialties. */
export function StaffProfileDialog({ member, onClose }: { member: Dancer | Bartender; onClose: () => void }) {
  const images = member.images.length > 0 ? member.images : [member.imageUrl];
  return (
    <Dialog title={member.name} onClose={onClose}>
      <ImageCarousel
        images={images}
        altOf={(i, n) => `${member.name}, photo ${i + 1} of ${n}`}
        className="rounded-2xl"
        imageClassName="aspect-[4/5]"
        counter="below"
        counterAlone={false}
      />
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={member.isAvailable ? 'green' : 'neutral'}>
          {member.isAvailable ? 'Available' : 'Unavailable'}
        </StatusBadge>
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
