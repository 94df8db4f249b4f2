import { AuthFrame } from '@/features/auth/components/AuthFrame';
import ChoosePasswordPage from '@/features/account/pages/ChoosePasswordPage';

/** A first sign-in with a one-time password: the sign-in screens' calm frame around the one thing left to do. */
export default function ChoosePasswordScreen() {
  return (
    <AuthFrame>
      <ChoosePasswordPage />
    </AuthFrame>
  );
}
