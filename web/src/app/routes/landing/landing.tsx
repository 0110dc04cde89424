import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { buttonClasses } from '../../../components/ui/button';
import { DemoCard } from './demo-card';
import { cn } from '../../../lib/cn';
import { useObscuringBar } from '../../../lib/obscuring-bars';

const noTarget = (e: { preventDefault: () => void }) => e.preventDefault();

/** Landing page (docs/product.md#public-landing). */
export function LandingRoute() {
  const header = useObscuringBar<HTMLElement>('top');
  return (
    <div className="min-h-dvh bg-neutral-950 text-neutral-100">
      <header ref={header} className="sticky top-0 z-10 border-b border-white/5 bg-neutral-950/80 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-5 py-4">
          <Logo />
          <nav aria-label="Account" className="flex items-center gap-2">
            <Link to="/login" className={buttonClasses('ghost', 'sm')}>
              Sign In
            </Link>
            <Link to="/join" className={buttonClasses('primary', 'sm')}>
              Join Now
            </Link>
          </nav>
        </div>
      </header>

      <main>
        <section className="relative overflow-hidden bg-[radial-gradient(ellipse_at_top,_rgba(212,175,55,0.18),_transparent_65%)]">
          <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-5 pt-16 pb-20 text-center sm:pt-24">
            <p className="rounded-full border border-gold-400/30 px-4 py-1 text-xs font-medium uppercase tracking-[0.25em] text-gold-200">
              Miami · Monaco · and beyond
            </p>
            <h1 className="font-display text-5xl leading-tight font-semibold text-white sm:text-6xl">
              Swipe Into Luxury Experiences
            </h1>
            <p className="max-w-xl text-lg text-neutral-300">
              Connect with yacht owners and VIP hosts. Swipe to join exclusive parties, or host your own at premium
              clubs and rooftop venues.
            </p>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Link to="/join" className={buttonClasses('primary', 'lg')}>
                Join Now
              </Link>
              <Link to="/login" className={buttonClasses('secondary', 'lg')}>
                Sign In
              </Link>
            </div>
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-neutral-400">
              <li>✓ Verified members</li>
              <li>✓ Free to browse</li>
              <li>✓ No credit card required</li>
            </ul>
          </div>
        </section>

        <LandingSection id="how-it-works" title="See How It Works" className="overflow-hidden">
          <p className="mx-auto mt-3 max-w-xl text-center text-neutral-400">
            Try it: make a choice and watch the next card arrive.
          </p>
          <div className="mt-12 grid gap-12 md:grid-cols-2">
            <DemoCard heading="Host Experience" subject="Sophia" acceptLabel="Invite" acceptedMessage="Invite sent!">
              <DemoFace
                tone="from-rose-500/40 via-fuchsia-700/30 to-neutral-900"
                icon="glasses"
                title="Sophia, 27"
                meta="Miami Beach · Verified member"
              >
                Sunset yacht parties, rooftop lounges and great music.
              </DemoFace>
            </DemoCard>
            <DemoCard
              heading="Guest Experience"
              subject="Marco's Yacht Party"
              acceptLabel="Send Invite"
              acceptedMessage="Request sent!"
            >
              <DemoFace
                tone="from-sky-500/40 via-cyan-800/30 to-neutral-900"
                icon="yacht"
                title="Marco's Yacht Party"
                meta="Saturday · 80 ft yacht · Miami"
              >
                Open bar, DJ on deck, 12 guests attending.
              </DemoFace>
            </DemoCard>
          </div>
        </LandingSection>

        <LandingSection id="why" title="Why LuxeSwipe">
          <div className="mt-12 grid gap-6 sm:grid-cols-3">
            <Feature title="Luxury Yachts" icon="⚓">
              Step aboard private yachts for parties on the water, from Biscayne Bay to the Riviera.
            </Feature>
            <Feature title="Verified Members" icon="✦">
              Every host and guest is a verified member, so you always know who you are meeting.
            </Feature>
            <Feature title="VIP Experiences" icon="♛">
              Book VIP club sections and rooftop venues, and fill them with the right people.
            </Feature>
          </div>
        </LandingSection>

        <section aria-labelledby="cta" className="border-t border-white/5 px-5 py-20 text-center">
          <h2 id="cta" className="font-display text-4xl font-semibold text-white">
            Your next night out starts here
          </h2>
          <p className="mx-auto mt-3 max-w-lg text-neutral-400">Free to browse. No credit card required.</p>
          <Link to="/join" className={buttonClasses('primary', 'lg', 'mt-8')}>
            Get Started
          </Link>
        </section>
      </main>

      <footer className="border-t border-white/5 px-5 py-10">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 text-sm text-neutral-400 sm:flex-row">
          <Copyright />
          <nav aria-label="Footer" className="flex flex-wrap justify-center gap-6">
            <Link to="/privacy" className="hover:text-gold-200">
              Privacy
            </Link>
            <Link to="/events" className="hover:text-gold-200">
              Browse Events
            </Link>
            <a href="#" onClick={noTarget} className="hover:text-gold-200">
              Terms
            </a>
            <a href="#" onClick={noTarget} className="hover:text-gold-200">
              Support
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}

/**
 * "© 2026 LuxeSwipe", the year of the visit. The page is prerendered at build time and hydration
 * keeps the build's text where it differs (suppressHydrationWarning): the line is drawn again once
 * hydrated, so a visit in a later year shows its own.
 */
function Copyright() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <p key={hydrated ? 'client' : 'prerendered'} suppressHydrationWarning>
      © {new Date().getFullYear()} LuxeSwipe
    </p>
  );
}

/** A titled band of the page, its content centred in the page's width. */
function LandingSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('border-t border-white/5 px-5 py-20', className)}>
      <div className="mx-auto max-w-5xl">
        <h2 id={id} className="text-center font-display text-4xl font-semibold text-white">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** The face of a demo card: its illustration, who or what it is, the facts, and one sentence. */
function DemoFace({
  tone,
  icon,
  title,
  meta,
  children,
}: {
  tone: string;
  icon: 'glasses' | 'yacht';
  title: string;
  meta: string;
  children: ReactNode;
}) {
  return (
    <>
      <DemoArt tone={tone} icon={icon} />
      <div className="px-5 pt-4">
        <p className="text-xl font-semibold text-white">{title}</p>
        <p className="text-sm text-neutral-400">{meta}</p>
        <p className="mt-2 text-sm text-neutral-300">{children}</p>
      </div>
    </>
  );
}

/** Illustration of a demo card (inline SVG: no image requests, no emoji-font dependency). */
function DemoArt({ tone, icon }: { tone: string; icon: 'glasses' | 'yacht' }) {
  return (
    <div aria-hidden="true" className={`flex h-44 items-center justify-center bg-gradient-to-br ${tone} text-gold-200`}>
      <svg
        viewBox="0 0 64 64"
        className="h-20 w-20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {icon === 'glasses' ? (
          <>
            <path d="M14 8h14l-2 16a5 5 0 0 1-10 0z" />
            <path d="M21 29v18M15 47h12" />
            <path d="M36 8h14l-2 16a5 5 0 0 1-10 0z" />
            <path d="M43 29v18M37 47h12" />
            <path d="M15 16h12M37 16h12" opacity="0.6" />
          </>
        ) : (
          <>
            <path d="M8 40h48l-6 10H16z" />
            <path d="M16 40V30h22l8 10" />
            <path d="M22 30v-6h10l4 6" />
            <path d="M24 35h4M32 35h4" />
            <path d="M4 56c4 0 4-2 8-2s4 2 8 2 4-2 8-2 4 2 8 2 4-2 8-2 4 2 8 2 4-2 8-2" opacity="0.7" />
          </>
        )}
      </svg>
    </div>
  );
}

function Feature({ title, icon, children }: { title: string; icon: string; children: ReactNode }) {
  return (
    <article className="rounded-3xl border border-white/10 bg-neutral-900/60 p-6">
      <span
        aria-hidden="true"
        className="flex h-12 w-12 items-center justify-center rounded-2xl bg-gold-400/10 text-2xl text-gold-300"
      >
        {icon}
      </span>
      <h3 className="mt-4 text-lg font-semibold text-white">{title}</h3>
      <p className="mt-2 text-sm text-neutral-400">{children}</p>
    </article>
  );
}
