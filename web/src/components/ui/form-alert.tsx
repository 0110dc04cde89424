/**
 * A form's failure that stays on screen until the next attempt (a toast vanished after 5 s):
 * announced when it appears (role="alert"), with a title and the server's message.
 */
export function FormAlert({ id, title, message }: { id: string; title: string; message: string | null }) {
  if (!message) return null;
  return (
    <div id={id} role="alert" className="rounded-xl border border-red-500/50 bg-red-950 px-4 py-3 text-sm text-red-50">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 opacity-90">{message}</p>
    </div>
  );
}
