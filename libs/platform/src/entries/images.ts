/** `@luxe/platform/images`: checking and cleaning uploaded photos (identity's and venues'). */
export * from '../images/image-cleaner';
export * from '../images/staged-upload';
