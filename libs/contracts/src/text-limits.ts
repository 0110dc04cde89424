/**
 * The longest names and short texts the forms take (zod-free, so a form can give its input the
 * same `maxLength` the schema checks). Too long is its own message, never the field's "…is
 * required": a member who typed 200 characters has not left the field empty.
 */
export const TEXT_LIMITS = {
  venueName: 120,
  city: 120,
  state: 120,
  address: 300,
  sectionName: 120,
  sectionType: 60,
  staffName: 120,
  friendName: 120,
  friendPhone: 40,
  friendInstagram: 60,
} as const;

/** 'Section name must be at most 120 characters': the one wording of a length limit. */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}
