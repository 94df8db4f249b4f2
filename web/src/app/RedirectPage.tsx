import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageSpinner } from '@/lib/ui/LoadingShell';

/** The reload helper: /redirect/<path> replaces itself with /<path>, remounting that page. */
export default function RedirectPage() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const target = `/${params['*'] ?? ''}${search}`;
  useEffect(() => {
    navigate(target, { replace: true });
  }, [navigate, target]);
  return <PageSpinner />;
}
