import { Card, Statistic } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationListRequest } from '@gradus/contract/api/staff';
import type { DashboardStages, StaffDashboardView } from '@gradus/contract/api/staff-dashboard';
import { listLink } from '../links';

/** Each count and the list filter it stands for (contract DashboardStages). */
const STAGES: readonly { key: keyof DashboardStages; filter: ApplicationListRequest }[] = [
  { key: 'total', filter: {} },
  { key: 'submitted', filter: { formStatus: 'submitted' } },
  { key: 'paid', filter: { payment: 'paid' } },
  { key: 'photoWaiting', filter: { photo: 'uploaded' } },
  { key: 'eligible', filter: { qualification: 'pass' } },
  { key: 'ineligible', filter: { qualification: 'fail' } },
  { key: 'returned', filter: { formStatus: 'returned' } },
  { key: 'draft', filter: { formStatus: 'draft' } },
];

/** A card per stage; each opens the applications list those applications are in. */
export function StageCards({ view }: { view: StaffDashboardView }) {
  const { t } = useTranslation();
  const cycle: ApplicationListRequest = { area: view.area, ...(view.recruitYear ? { recruitYear: view.recruitYear } : {}) };
  return (
    <>
      <ul className="staff-dashboard__cards" aria-label={t('staffDashboard.stages')}>
      {STAGES.map(({ key, filter }) => (
        <li key={key}>
          <Link to={listLink({ ...cycle, ...filter })} className="staff-dashboard__card-link" aria-describedby="staff-dashboard-open-list" data-stage={key}>
            <Card size="small" hoverable className="staff-dashboard__card">
              <Statistic title={t(`staffDashboard.stage.${key}`)} value={view.stages[key]} />
            </Card>
          </Link>
        </li>
      ))}
      </ul>
      <p hidden id="staff-dashboard-open-list">
        {t('staffDashboard.openList')}
      </p>
    </>
  );
}
