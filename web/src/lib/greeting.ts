import { formatInEst } from './format';

/** 'Good evening' by the hour in New York (both homes greet this way). */
export function greetingFor(now: Date = new Date()): string {
  const hour = Number(formatInEst(now, 'H'));
  return hour >= 5 && hour < 12 ? 'Good morning' : hour >= 12 && hour < 17 ? 'Good afternoon' : 'Good evening';
}
