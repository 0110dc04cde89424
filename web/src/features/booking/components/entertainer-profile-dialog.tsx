import type { Dancer } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Badge } from './badge';
import { ImageCarousel } from '../../../components/image-carousel';

/**
 * An entertainer's profile (docs/product.md#booking-vip-rooms): photos with arrows and dots, name,
 * Available badge, description, specialties, and Select Entertainer / Selected when choosing is
 * possible.
 */
export function EntertainerProfileDialog({
  dancer,
  selected,
  onToggleSelect,
  onClose,
}: {
  dancer: Dancer;
  selected: boolean;
  onToggleSelect?: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog title={dancer.name} onClose={onClose}>
      <ImageCarousel
        key={dancer.id}
        images={dancer.images.length > 0 ? dancer.images : [dancer.imageUrl]}
        altOf={(i, n) => `${dancer.name}, photo ${i + 1} of ${n}`}
        className="rounded-2xl"
        imageClassName="aspect-[4/5]"
        counter="none"
        dots
      />
      <div className="flex flex-wrap items-center gap-2">
        {dancer.isAvailable ? <Badge tone="green">Available</Badge> : <Badge>Unavailable</Badge>}
        {Number(dancer.priceModifier) !== 1 ? <Badge tone="gold">Price ×{dancer.priceModifier}</Badge> : null}
      </div>
      {dancer.description ? <p className="text-sm text-neutral-200">{dancer.description}</p> : null}
      {dancer.specialties.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Specialties">
          {dancer.specialties.map((s) => (
            <li key={s}>
              <Badge>{s}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onClose}>
          Close
        </Button>
        {onToggleSelect ? (
          <Button
            type="button"
            variant={selected ? 'secondary' : 'primary'}
            aria-pressed={selected}
            onClick={onToggleSelect}
            disabled={!dancer.isAvailable && !selected}
          >
            {selected ? 'Selected' : 'Select Entertainer'}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
