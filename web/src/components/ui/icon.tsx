import type { SVGProps } from 'react';

/**
 * Paths of the line icons more than one screen draws, so that "back" or "close" is one shape
 * everywhere (24-unit box).
 */
export const ICON_PATHS = {
  back: 'M15 18l-6-6 6-6',
  forward: 'M9 6l6 6-6 6',
  close: 'M6 6l12 12M18 6L6 18',
  chevronDown: 'M6 9l6 6 6-6',
  heart:
    'M12 21l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.18z',
} as const;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** The path's `d`: one of ICON_PATHS or a screen's own. */
  path: string;
}

/**
 * A decorative outline icon drawn in the text colour. It is hidden from assistive technology: the
 * button or link around it carries the name. Any SVG attribute overrides the defaults (size,
 * stroke width, round joins; `fill="currentColor" stroke="none"` for a solid one).
 */
export function Icon({ path, className = 'h-5 w-5', ...props }: IconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      {...props}
    >
      <path d={path} />
    </svg>
  );
}
