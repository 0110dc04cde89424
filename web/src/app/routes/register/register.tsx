import { Link, useSearchParams } from 'react-router-dom';
import { AuthShell } from '../../../components/layout/auth-shell';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { SIGNUP_TYPES, type SignupType } from '../../../features/auth/signup-draft';

/** /register: sign-up step 1 of 3 (reading B). `?userType=` names the role in advance. */
export function RegisterRoute() {
  const [params] = useSearchParams();
  const requested = params.get('userType');
  const presetType = (SIGNUP_TYPES as readonly string[]).includes(requested ?? '') ? (requested as SignupType) : null;
  return (
    <AuthShell
      title="Create Your Account"
      subtitle="Join the exclusive community"
      back={{ to: '/', label: 'Back to home' }}
      step={{ current: 1, total: 3 }}
      footer={
        <p className="text-center text-sm text-neutral-400">
          <Link to="/login" className="font-semibold text-gold-300 underline-offset-4 hover:underline">
            Already have an account?
          </Link>
        </p>
      }
    >
      <RegisterForm presetType={presetType} />
    </AuthShell>
  );
}
