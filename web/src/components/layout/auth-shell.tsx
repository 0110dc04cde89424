import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon, ICON_PATHS } from '../ui/icon';

export interface AuthShellProps {
  title: string;
  subtitle?: string;
  /** Where the back button goes, and what it says to assistive technology. */
  back: { to: string; label: string };
  /** 'Step 1 of 2' style progress. */
  step?: { current: number; total: number };
  children: ReactNode;
  footer?: ReactNode;
}

/** Page frame of the sign-up and sign-in screens: back button, title, optional progress. */
export function AuthShell({ title, subtitle, back, step, children, footer }: AuthShellProps) {
  return (
    <div className="min-h-dvh bg-neutral-950 bg-[radial-gradient(ellipse_at_top,_rgba(212,175,55,0.12),_transparent_60%)] px-5 py-6 text-neutral-100">
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
        <header className="flex items-center justify-between">
          <Link
            to={back.to}
            aria-label={back.label}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-white/10 text-neutral-300 hover:border-gold-400/60 hover:text-gold-200 focus-visible:outline-2 focus-visible:outline-gold-400"
          >
            <Icon path={ICON_PATHS.back} />
          </Link>
          {step ? (
            <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold-300">
              Step {step.current} of {step.total}
            </p>
          ) : null}
        </header>
        {/* Progress and title inside main: every content in a landmark (axe's region rule). */}
        <main className="flex flex-col gap-6">
          {step ? (
            <div
              className="flex gap-2"
              role="progressbar"
              aria-label="Sign-up progress"
              aria-valuemin={1}
              aria-valuemax={step.total}
              aria-valuenow={step.current}
            >
              {Array.from({ length: step.total }, (_, i) => (
                <span
                  key={i}
                  className={`h-1 flex-1 rounded-full ${i < step.current ? 'bg-gold-400' : 'bg-white/10'}`}
                />
              ))}
            </div>
          ) : null}
          <div>
            <h1 className="font-display text-3xl font-semibold text-white">{title}</h1>
            {subtitle ? <p className="mt-2 text-sm text-neutral-400">{subtitle}</p> : null}
          </div>
          <div>{children}</div>
        </main>
        {footer ? <footer className="text-center text-sm text-neutral-400">{footer}</footer> : null}
      </div>
    </div>
  );
}

/** Footer of the sign-up pages: 'Already have an account? Sign In' → /login. */
export function SignInPrompt() {
  return (
    <>
      Already have an account?{' '}
      <Link to="/login" className="font-semibold text-gold-300 hover:text-gold-200">
        Sign In
      </Link>
    </>
  );
}
