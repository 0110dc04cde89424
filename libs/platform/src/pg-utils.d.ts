/** node-postgres' own conversion of a parameter to the text it sends (`pg/lib/utils`, not in @types/pg). */
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
