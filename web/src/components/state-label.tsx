import { abbreviateState } from '../lib/states';
import { Tooltip } from './ui/tooltip';

/** A state shown by its code with the full name in a tooltip ('FL' → Florida); other names as they are. */
export function StateLabel({ state }: { state: string }) {
  const code = abbreviateState(state);
  if (code === state) return <span>{state}</span>;
  return <Tooltip content={state}>{code}</Tooltip>;
}
