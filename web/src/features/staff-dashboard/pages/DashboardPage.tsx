import { useMemo } from 'react';
import { Card, Empty, Grid, Statistic } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardProgramme, StaffDashboardView } from '@gradus/contract/api/staff-dashboard';
import { useSession } from '@/lib/session';
import { settingsStore } from '@/lib/settings';
import { accessiblePrimary } from '@/lib/theme';
import { QueryState } from '@/lib/ui/QueryState';
import { useStaffDashboard } from '../api/dashboard';
import { expertsChart, programmesChart, submissionsChart } from '../chart-options';
import { ChartFigure } from '../components/ChartFigure';
import { StageCards } from '../components/StageCards';
import { staffPagePath } from '../links';
import '../staff-dashboard.css';

/** Bars per row of a horizontal chart, and the room the legend and axis take. */
const ROW_HEIGHT = { programme: 64, expert: 36 };
const CHART_FRAME = 72;

/**
 * staff/dashboard: what a secretary looks at each morning. Counts per stage (each opening the
 * list it counts), submissions per day against a year earlier, each programme's progress and the
 * experts' reviews, all of the caller's scope. The chart library loads only here, after the numbers.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const userId = useSession((s) => s.user?.userId ?? 0);
  const role = useSession((s) => s.roles[0] ?? '');
  const dashboard = useStaffDashboard(`${userId}:${role}`);
  return (
    <div className="page staff-dashboard">
      <h1 className="page__title">{t('menu.staff.dashboard')}</h1>
      <QueryState query={dashboard} texts={{ loading: t('staffDashboard.loading'), refused: t('staffDashboard.refused'), loadFailed: t('staffDashboard.loadFailed') }}>
        {(view) => <DashboardBody view={view} />}
      </QueryState>
    </div>
  );
}

function DashboardBody({ view }: { view: StaffDashboardView }) {
  const { t, i18n } = useTranslation();
  const theme = settingsStore.use((s) => s.theme);
  // The photo queue's card leads to the queue, for those who review photos.
  const reviewsPhotos = useSession((s) => s.menuAuth.includes('menu.staff.photos'));
  const chinese = i18n.language.startsWith('zh');
  const phone = !Grid.useBreakpoint().md;
  const charts = useMemo(() => {
    const look = { primary: accessiblePrimary(theme), labelWidth: phone ? 96 : 200 };
    const programmeName = (row: DashboardProgramme) => (row.programme ? (chinese ? row.programme.nameZh : row.programme.nameEn) : t('staffDashboard.noProgramme'));
    return {
      submissions: submissionsChart(view.submissionsPerDay, t, look),
      programmes: programmesChart(view.perProgramme, programmeName, t, look),
      experts: expertsChart(view.experts, t, look),
    };
  }, [view, theme, chinese, phone, t]);

  return (
    <>
      <p className="page__lead">{view.recruitYear ? t('staffDashboard.lead', { year: view.recruitYear }) : t('staffDashboard.noCycle')}</p>
      <h2 className="staff-dashboard__heading">{t('staffDashboard.stages')}</h2>
      <div className="staff-dashboard__stages">
        <StageCards view={view} />
        {reviewsPhotos && (
          <Link to={staffPagePath('staff/photoReview')} className="staff-dashboard__card-link staff-dashboard__queue" aria-describedby="staff-dashboard-open-photos" data-testid="photos-waiting">
            <Card size="small" hoverable className="staff-dashboard__card">
              <Statistic title={t('staffDashboard.photosWaiting')} value={view.photosWaiting} />
            </Card>
            <span hidden id="staff-dashboard-open-photos">
              {t('staffDashboard.openPhotos')}
            </span>
          </Link>
        )}
      </div>
      <div className="staff-dashboard__charts">
        <ChartFigure
          id="chart-submissions"
          title={t('staffDashboard.chart.submissions')}
          note={t('staffDashboard.chart.submissionsNote')}
          option={charts.submissions.option}
          table={charts.submissions.table}
          height={280}
        />
        <ChartFigure
          id="chart-programmes"
          title={t('staffDashboard.chart.programmes')}
          option={charts.programmes.option}
          table={charts.programmes.table}
          height={CHART_FRAME + ROW_HEIGHT.programme * view.perProgramme.length}
          empty={view.perProgramme.length === 0 ? <Empty description={t('staffDashboard.empty.programmes')} /> : undefined}
        />
        <ChartFigure
          id="chart-experts"
          title={t('staffDashboard.chart.experts')}
          option={charts.experts.option}
          table={charts.experts.table}
          height={CHART_FRAME + ROW_HEIGHT.expert * view.experts.length}
          empty={view.experts.length === 0 ? <Empty description={t('staffDashboard.empty.experts')} /> : undefined}
        />
      </div>
    </>
  );
}
