import { formatPassCode } from '@luxe/contracts';

/**
 * A pass's door code, one group of a details list (`<dl>`): large, spaced and grouped, for the door
 * staff to type in when the QR code cannot be scanned.
 */
export function DoorCode({ code, className }: { code: string; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs uppercase tracking-wide text-neutral-400">Door code</dt>
      <dd data-testid="pass-code" className="font-mono text-2xl font-semibold tracking-[0.2em] text-gold-200">
        {formatPassCode(code)}
      </dd>
    </div>
  );
}
