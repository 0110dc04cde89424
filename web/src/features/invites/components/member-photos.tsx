import type { MemberCardView } from '@luxe/contracts';
import { ImageCarousel } from '../../../components/image-carousel';
import { cn } from '../../../lib/cn';

/** No photo (or one that does not load): the first name's initial on gold, named for assistive tech. */
export function PhotoPlaceholder({
  member,
  className,
}: {
  member: Pick<MemberCardView, 'firstName'>;
  className?: string;
}) {
  return (
    <div
      role="img"
      aria-label={`${member.firstName} has no photo yet`}
      data-testid="photo-placeholder"
      className={cn(
        'grid h-80 w-full place-items-center bg-gradient-to-br from-gold-400/25 via-neutral-800 to-neutral-900',
        className,
      )}
    >
      <span aria-hidden="true" className="font-display text-7xl font-semibold text-gold-200">
        {member.firstName.charAt(0).toUpperCase() || '?'}
      </span>
    </div>
  );
}

/**
 * A member's photos one at a time, with Previous / Next and the counter 'x / n' when there are
 * several; the placeholder when there is none or one fails to load. No arrow keys: the swipe
 * card's own keys answer. Mount it with `key` set to the member.
 */
export function MemberPhotos({ member }: { member: Pick<MemberCardView, 'firstName' | 'profileImages'> }) {
  return (
    <ImageCarousel
      images={member.profileImages}
      altOf={(i, n) => `${member.firstName}, photo ${i + 1} of ${n}`}
      placeholder={<PhotoPlaceholder member={member} />}
      className="h-80 rounded-none"
      imageClassName="h-full"
      previousLabel={`Previous photo of ${member.firstName}`}
      nextLabel={`Next photo of ${member.firstName}`}
      counterAlone={false}
      announce={false}
    />
  );
}
