import { toast } from '../ui/toast';
import { serverMessage } from '../../lib/api-client';

/**
 * The toast of an action that failed (a save, a decision, a delete): titled 'Error', with the
 * server's message, or `fallback` when the answer carried none.
 */
export function toastFailure(error: unknown, fallback: string): void {
  toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, fallback) });
}
