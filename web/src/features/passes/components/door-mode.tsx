import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import { nightOf, PASS_KIND_LABELS, PASS_MESSAGES, passTokenFrom, type CheckIn } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { formatBookingDate, formatStartTime } from '../../../lib/booking-display';
import { useCheckIn, useDoorVenues } from '../api/passes';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { DoorStaffPanel } from './door-staff-panel';
import { QueryError } from '../../../components/query-state';

/** The camera scanner, loaded only when the door staff opens it (it brings its QR reader). */
const QrScanner = lazy(() => import('./qr-scanner'));

/** What the last scan or typed code gave. */
export type DoorResult =
  | { kind: 'checked-in'; checkIn: CheckIn }
  | { kind: 'already'; message: string }
  | { kind: 'refused'; message: string };

/** A check-in answer as the door shows it: checked in, already used (409), or refused with the server's reason. */
export function doorResultOf(outcome: { ok: CheckIn } | { error: unknown }): DoorResult {
  if ('ok' in outcome) return { kind: 'checked-in', checkIn: outcome.ok };
  const e = outcome.error;
  if (e instanceof ApiError && e.status === 409)
    return { kind: 'already', message: serverMessage(e, PASS_MESSAGES.alreadyCheckedIn) };
  return { kind: 'refused', message: serverMessage(e, 'The pass could not be checked. Please try again.') };
}

/**
 * Door mode of the venue dashboard (docs/product.md#passes): the owner picks the venue he is at, then scans a
 * pass's QR code with the camera or types its door code; each pass is let in once, tonight only.
 * The result is announced (aria-live) and shown large enough to read at arm's length. The owner's
 * venues are the venue-owner feature's query: the dashboard's route hands them in.
 */
export function DoorMode({ venues }: { venues: DoorVenuesQuery }) {
  return (
    <DoorDesk
      venues={{ ...venues, data: venues.data?.map((v) => ({ id: v.id, name: v.name })) }}
      empty={{ title: 'No venue yet', text: 'Add a venue in My Events to check its guests in here.' }}
      extra={(venueId) => <DoorStaffPanel venueId={venueId} />}
    />
  );
}

/**
 * The door for its staff (docs/product.md#passes): the venues where the owner made the member door staff,
 * and check-in there; nothing else of the dashboard.
 */
export function StaffDoorMode() {
  const venues = useDoorVenues();
  return (
    <DoorDesk
      venues={{
        ...venues,
        data: venues.data?.filter((v) => v.role === 'staff').map((v) => ({ id: v.venueId, name: v.name })),
      }}
      empty={{
        title: 'No door to keep yet',
        text: "A venue's owner can add your account's email as door staff; its check-in then shows here.",
      }}
    />
  );
}

interface DoorVenuesQuery {
  isPending: boolean;
  isError: boolean;
  data: { id: string; name: string }[] | undefined;
  refetch: () => Promise<unknown>;
}

function DoorDesk({
  venues,
  empty,
  extra,
}: {
  venues: DoorVenuesQuery;
  empty: { title: string; text: string };
  extra?: (venueId: string) => ReactNode;
}) {
  const checkIn = useCheckIn();
  const [chosen, setChosen] = useState('');
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const [result, setResult] = useState<DoorResult | null>(null);
  const venueField = useId();
  const codeField = useId();

  if (venues.isPending) {
    return <ListSkeleton label="Loading venues..." rows={2} />;
  }
  if (venues.isError) {
    return (
      <QueryError look="card" text="Error loading venues. Please try again." onRetry={() => void venues.refetch()} />
    );
  }
  if (!venues.data || venues.data.length === 0) {
    return (
      <section className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center">
        <h2 className="text-lg font-semibold text-white">{empty.title}</h2>
        <p className="mt-1 text-sm text-neutral-300">{empty.text}</p>
      </section>
    );
  }
  const list = venues.data;

  const venueId = list.some((v) => v.id === chosen) ? chosen : list[0]!.id;
  const send = (input: { code: string } | { token: string }) => {
    setResult(null);
    checkIn.mutate(
      { venueId, ...input },
      {
        onSuccess: (ok) => {
          setResult(doorResultOf({ ok }));
          setCode('');
        },
        onError: (error) => setResult(doorResultOf({ error })),
      },
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    if (!typed) return setResult({ kind: 'refused', message: PASS_MESSAGES.codeOrToken });
    const token = passTokenFrom(typed);
    send(token ? { token } : { code: typed });
  };
  const onRead = (text: string) => {
    setScanning(false);
    const token = passTokenFrom(text);
    if (token) send({ token });
    else setResult({ kind: 'refused', message: PASS_MESSAGES.notFound });
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-neutral-300">
        Tonight: <span className="text-neutral-100">{formatBookingDate(nightOf())}</span>. Each pass lets one guest in
        once.
      </p>
      <div>
        <Label htmlFor={venueField}>Venue</Label>
        <Select id={venueField} value={venueId} onChange={(e) => setChosen(e.target.value)}>
          {list.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </Select>
      </div>

      <section
        aria-labelledby="door-scan-heading"
        className="flex flex-col gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-5"
      >
        <h2 id="door-scan-heading" className="text-lg font-semibold text-white">
          Scan a pass
        </h2>
        {scanning ? (
          <>
            <Suspense fallback={<p role="status">Starting the camera...</p>}>
              <QrScanner
                onRead={onRead}
                onError={(message) => {
                  setScanning(false);
                  setCameraProblem(message);
                }}
              />
            </Suspense>
            <Button type="button" variant="secondary" className="self-start" onClick={() => setScanning(false)}>
              Stop camera
            </Button>
          </>
        ) : (
          <Button
            type="button"
            className="self-start"
            onClick={() => {
              setCameraProblem(null);
              setScanning(true);
            }}
          >
            {result ? 'Scan next pass' : 'Scan with camera'}
          </Button>
        )}
        {cameraProblem ? (
          <p role="alert" className="text-sm text-red-300">
            {cameraProblem}
          </p>
        ) : null}
      </section>

      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="door-code-heading"
        className="flex flex-col gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-5"
      >
        <h2 id="door-code-heading" className="text-lg font-semibold text-white">
          Type a door code
        </h2>
        <div>
          <Label htmlFor={codeField}>Door code</Label>
          <Input
            id={codeField}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="HK4M-7QTX"
            className="font-mono tracking-widest uppercase"
          />
        </div>
        <Button type="submit" className="self-start" disabled={checkIn.isPending}>
          {checkIn.isPending ? 'Checking...' : 'Check in'}
        </Button>
      </form>

      <div aria-live="polite" aria-atomic="true" data-testid="door-result">
        {result ? <ResultCard result={result} /> : null}
      </div>
      {extra?.(venueId)}
    </div>
  );
}

function ResultCard({ result }: { result: DoorResult }) {
  if (result.kind === 'checked-in') {
    const c = result.checkIn;
    return (
      <div
        data-result="checked-in"
        className="rounded-3xl border-2 border-emerald-400 bg-emerald-950/60 p-5 text-emerald-100"
      >
        <p className="font-display text-2xl font-semibold">
          <span aria-hidden="true">✓ </span>Checked in: {c.attendeeName}
        </p>
        <p className="mt-1 text-sm">
          {PASS_KIND_LABELS[c.kind]} · {c.sectionType} ·{' '}
          {formatStartTime({ bookingDate: nightOf(), startTime: c.startTime, duration: 1 })}
        </p>
      </div>
    );
  }
  if (result.kind === 'already') {
    return (
      <div data-result="already" className="rounded-3xl border-2 border-amber-400 bg-amber-950/60 p-5 text-amber-100">
        <p className="font-display text-2xl font-semibold">{result.message}</p>
        <p className="mt-1 text-sm">This pass was used before: do not let a second person in with it.</p>
      </div>
    );
  }
  return (
    <div data-result="refused" className="rounded-3xl border-2 border-red-400 bg-red-950/60 p-5 text-red-100">
      <p className="font-display text-2xl font-semibold">
        <span aria-hidden="true">✕ </span>
        {result.message}
      </p>
    </div>
  );
}
