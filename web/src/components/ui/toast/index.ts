export { Toaster } from './toaster';
export { toast, dismissToast, useToast, TOAST_DURATION_MS, TOAST_LIMIT } from './toast-store';
export type { ToastInput, ToastItem, ToastVariant } from './toast-store';
