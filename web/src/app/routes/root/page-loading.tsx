/** Shown while the first screen's code loads. */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center bg-neutral-950">
      <span className="h-10 w-10 animate-spin rounded-full border-2 border-gold-400/30 border-t-gold-400" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}
