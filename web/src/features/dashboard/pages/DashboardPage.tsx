import { useMemo } from 'react';
import { Card, Empty } from 'antd';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { RoleKey } from '@gradus/contract/codes';
import { JourneyTimeline } from '../components/JourneyTimeline';
import { noticeFor } from '../notice';

/**
 * /dashboard 'notes/precautions': the area's notice from system configuration, sanitised; for a
 * doctoral applicant also the cycle's timeline with where they stand and what to do next.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const config = useSession((s) => s.systemConfig);
  const role = useSession((s) => s.roles[0]);
  const registerType = useSession((s) => s.user?.userRegisterType);
  const userName = useSession((s) => s.user?.userName);
  const html = useMemo(() => DOMPurify.sanitize(noticeFor(config, role, registerType)), [config, role, registerType]);
  return (
    <div className="page">
      <h1 className="page__title">{t('route.dashboard')}</h1>
      {userName && <p className="page__lead">{t('dashboard.welcome', { name: userName })}</p>}
      <div className={role === RoleKey.DOCTOR ? 'dashboard dashboard--journey' : 'dashboard'}>
        {role === RoleKey.DOCTOR && <JourneyTimeline />}
        <Card className="notice-card">
          {html.trim() ? (
            <div className="notice-content" data-testid="notice-content" dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <Empty description={t('dashboard.empty')} />
          )}
        </Card>
      </div>
    </div>
  );
}
