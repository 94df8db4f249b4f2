import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from '../components/AuditTrail';
import { SignInLog } from '../components/SignInLog';
import { paramsOf, tabFromParams, type LogTab } from '../log-query';
import '../staff-logs.css';

/**
 * staff/logs: the system administrator's logs (issue #10). The audit trail, searchable and
 * checkable against tampering, and the sign-in log. The tab is in the address with its filters;
 * changing tab starts the other log unfiltered.
 */
export default function LogsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabFromParams(params);

  return (
    <div className="page logs">
      <h1 className="page__title">{t('menu.staff.logs')}</h1>
      <p className="page__lead">{t('logs.lead')}</p>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(paramsOf({}, key as LogTab))}
        // Only the open tab asks the server: the other one would fetch its whole first page for nothing.
        destroyOnHidden
        items={[
          { key: 'audit', label: t('logs.tab.audit'), children: <AuditTrail /> },
          { key: 'signIns', label: t('logs.tab.signIns'), children: <SignInLog /> },
        ]}
      />
      <p className="logs__zone">{t('logs.timeZone')}</p>
    </div>
  );
}
