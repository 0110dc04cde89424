/** One error: its HTTP status and the message users see (the spec's words where it has them). */
export interface ErrorDef<C extends string = string> {
  readonly code: C;
  readonly status: number;
  readonly message: string;
}

/**
 * Defines a domain's errors once: `defineErrors('AUTH', { EMAIL_TAKEN: { status: 409, message } })`
 * gives `{ EMAIL_TAKEN: { code: 'AUTH.EMAIL_TAKEN', status: 409, message } }`.
 */
export function defineErrors<D extends string, T extends Record<string, { status: number; message: string }>>(
  domain: D,
  defs: T,
): { readonly [K in keyof T & string]: ErrorDef<`${D}.${K}`> } {
  const out: Record<string, ErrorDef> = {};
  for (const [k, v] of Object.entries(defs))
    out[k] = Object.freeze({ code: `${domain}.${k}`, status: v.status, message: v.message });
  return Object.freeze(out) as never;
}
