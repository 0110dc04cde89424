import { useSyncExternalStore } from 'react';

/** Toasts (docs/product.md#conventions-feedback): one visible at a time, shown for 5000 ms, default or destructive. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: string;
  description?: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let toasts: readonly ToastItem[] = [];
let counter = 0;

function setToasts(next: readonly ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

/** Show a toast; it replaces the one on screen. Returns its id. */
export function toast(input: ToastInput): string {
  counter += 1;
  const id = `toast-${counter}`;
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
  };
  setToasts([item, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** Remove one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  setToasts(id === undefined ? [] : toasts.filter((t) => t.id !== id));
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
