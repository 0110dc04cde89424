import { AppError } from '@luxe/platform';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie-authenticated calls: a mutating /api request must carry a JSON
 * content type or the X-Requested-With header, neither of which a cross-site form can send.
 */
export function csrfGuard() {
  return (req: any, _res: any, next: (err?: unknown) => void) => {
    // Express routes case-insensitively, so the check must too.
    if (!MUTATING.has(req.method) || !String(req.path).toLowerCase().startsWith('/api/')) return next();
    const ct = String(req.headers['content-type'] ?? '');
    if (ct.startsWith('application/json') || req.headers['x-requested-with']) return next();
    next(new AppError('SECURITY.CSRF', 'Request refused: send JSON or the X-Requested-With header', 403));
  };
}
