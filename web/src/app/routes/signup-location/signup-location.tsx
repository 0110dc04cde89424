import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../../components/layout/auth-shell';
import { SignupLocationForm } from '../../../features/auth/components/signup-location-form';
import { parseSignupType, readSignupDraft } from '../../../features/auth/signup-draft';

/** /signup-location?type=…: sign-up step 2 of 2 (reading A) or 3 of 3 (reading B). Without a step-1 draft, back to step 1. */
export function SignupLocationRoute() {
  const [params] = useSearchParams();
  const type = parseSignupType(params.get('type'));
  // Read once: the draft is removed on success, which must not bounce the user back to step 1.
  const [draft] = useState(readSignupDraft);
  if (!draft) return <Navigate to={`/signup?type=${type}`} replace />;
  // Reading B's third step: back to its role selection.
  const readingB = draft.reading === 'B';
  return (
    <AuthShell
      title="Where are you based?"
      subtitle="We use your city to show you events and venues nearby."
      back={
        readingB
          ? { to: `/role-selection?gender=${draft.gender ?? 'other'}`, label: 'Back to role selection' }
          : { to: `/signup?type=${type}`, label: 'Back to basic information' }
      }
      step={readingB ? { current: 3, total: 3 } : { current: 2, total: 2 }}
    >
      <SignupLocationForm type={type} draft={draft} />
    </AuthShell>
  );
}
