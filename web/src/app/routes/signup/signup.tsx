import { useSearchParams } from 'react-router-dom';
import { AuthShell, SignInPrompt } from '../../../components/layout/auth-shell';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { parseSignupType, SIGNUP_TITLES } from '../../../features/auth/signup-draft';

/** /signup?type=host|guest|venue|entertainer: sign-up step 1 of 2 (reading A). */
export function SignupRoute() {
  const [params] = useSearchParams();
  const type = parseSignupType(params.get('type'));
  return (
    <AuthShell
      title={SIGNUP_TITLES[type]}
      subtitle="Basic information"
      back={{ to: '/join', label: 'Back to role selection' }}
      step={{ current: 1, total: 2 }}
      footer={<SignInPrompt />}
    >
      <SignupForm key={type} type={type} />
    </AuthShell>
  );
}
