import { Link } from 'react-router-dom';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="font-display text-2xl font-bold tracking-tight text-white" aria-label="LuxeSwipe home">
      Luxe<span className="text-gold-300">Swipe</span>
    </Link>
  );
}
