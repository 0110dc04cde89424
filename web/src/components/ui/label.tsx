import type { LabelHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement> & { htmlFor: string }) {
  return <label className={cn('mb-2 block text-sm font-medium text-neutral-200', className)} {...props} />;
}
