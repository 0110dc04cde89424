import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

export const inputClasses =
  'block h-12 w-full rounded-xl border border-white/10 bg-white/5 px-4 text-base text-white placeholder:text-neutral-500 ' +
  'transition-colors focus:border-gold-400 focus:outline-none focus:ring-2 focus:ring-gold-400/30 ' +
  'aria-[invalid=true]:border-red-400 aria-[invalid=true]:focus:ring-red-400/30';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...props }: InputProps) {
  return <input className={cn(inputClasses, className)} {...props} />;
}
