import { cn } from '../lib/cn';

/**
 * "Verified": the member opened the link emailed to his address (docs/product.md#accounts-verification; a member card's
 * `verified`, the signed-in user's `emailVerified`). Nothing at all when he has not: an unverified
 * member is not marked down. The word is visible, not only a check mark, so it reads the same to
 * everyone; it sits beside a name, never inside a heading, so names stay what they were.
 */
export function VerifiedBadge({ verified, className }: { verified: boolean | undefined; className?: string }) {
  if (!verified) return null;
  return (
    <span
      data-testid="verified-badge"
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border border-gold-400/60 bg-gold-400/10 px-2 py-0.5 text-xs font-semibold text-gold-200',
        className,
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-3.5 w-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
      Verified
    </span>
  );
}
