import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

const tones = {
  gold: 'bg-gold-400/15 text-gold-200 ring-gold-400/40',
  green: 'bg-emerald-500/15 text-emerald-200 ring-emerald-400/40',
  neutral: 'bg-white/10 text-neutral-100 ring-white/20',
} as const;

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ring-1', tones[tone])}>
      {children}
    </span>
  );
}
