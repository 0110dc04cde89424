import { stateCode, US_STATE_CODES } from '@luxe/contracts';

/**
 * US state abbreviations: the contract's one table (libs/contracts places), which the venues
 * service also normalises searched states with.
 */
export const STATE_CODES = US_STATE_CODES;

/** The two-letter code of a state name or code (case-insensitive), or the name itself when it is not a US state. */
export function abbreviateState(name: string): string {
  return stateCode(name);
}
