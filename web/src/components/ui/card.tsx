import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'rounded-3xl border border-white/10 bg-neutral-900/70 p-6 shadow-2xl shadow-black/40 backdrop-blur',
        className,
      )}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('font-display text-xl font-semibold text-white', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-neutral-400', className)} {...props} />;
}

/**
 * The top of a list card: its heading (the caller's, at the level the page needs) and what is
 * under it (`children`), with its status badge on the right.
 */
export function CardHeader({
  heading,
  badge,
  children,
}: {
  heading: ReactNode;
  badge: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        {heading}
        {children}
      </div>
      {badge}
    </div>
  );
}
