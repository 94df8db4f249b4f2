import { Outlet } from 'react-router';
import { AuthFrame } from '../components/AuthFrame';

/** /login and its screens (register, forgot number, forgot password) share one frame. */
export default function LoginLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}
