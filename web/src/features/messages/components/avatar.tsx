import type { Conversation } from '@luxe/contracts';
import { cn } from '../../../lib/cn';

/** The other user's main photo, else their initial. Decorative: the name is always next to it. */
export function Avatar({ user, className }: { user: Conversation['otherUser']; className?: string }) {
  const photo = user.profileImages[0];
  const box = cn('h-11 w-11 shrink-0 rounded-full', className);
  if (photo) return <img src={photo} alt="" className={cn(box, 'object-cover')} />;
  return (
    // Drawn by CSS, not text: inside a conversation's button the visible text is then the button's
    // name, which reads the member's name (WCAG 2.5.3 Label in Name; axe counted the letter).
    <span
      aria-hidden="true"
      data-testid="avatar-initial"
      data-initial={user.firstName.charAt(0).toUpperCase() || '?'}
      className={cn(
        box,
        'grid place-items-center border border-gold-400/40 bg-gold-400/10 font-semibold text-gold-200 before:content-[attr(data-initial)]',
      )}
    />
  );
}
