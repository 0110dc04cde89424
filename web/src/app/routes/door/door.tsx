import { Logo } from '../../../components/layout/logo';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { StaffDoorMode } from '../../../features/passes/components/door-mode';

/**
 * /door: check-in for a venue's door staff (docs/product.md#passes), any signed-in member: only the venues
 * whose owner added him, only check-in (the server refuses him everything else of the dashboard).
 */
export function DoorRoute() {
  return (
    <div className="min-h-dvh bg-neutral-950 pb-10 text-neutral-100">
      <header className="sticky top-0 z-10 border-b border-white/5 bg-neutral-950/85 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-5 py-4">
          <Logo to="/" />
          <LogoutButton className="h-9 px-4" />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-5 py-6" aria-labelledby="door-heading">
        <h1 id="door-heading" className="font-display text-3xl font-semibold text-white">
          Door check-in
        </h1>
        <div className="mt-6">
          <StaffDoorMode />
        </div>
      </main>
    </div>
  );
}
