import { Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAssignments, useSettings } from '../api/expert-review';
import { useFilterOptions } from '../api/options';
import { ProgrammePicker } from '../components/ProgrammePicker';
import { AssignmentsPanel } from '../components/setup/AssignmentsPanel';
import { ExternalExpertsPanel } from '../components/setup/ExternalExpertsPanel';
import { RulesForm } from '../components/setup/RulesForm';
import { SheetEditor } from '../components/setup/SheetEditor';
import { withParams } from '../list-query';
import { useViewer } from '@/lib/viewer';
import '../applications.css';
import '../review.css';

/**
 * staff/reviewSetup: the admissions office prepares the material review: its rules, each
 * programme's score sheet, who reviews what, and the external experts with their mailed links.
 * The tab and the programme are in the address.
 */
export default function ReviewSetupPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const options = useFilterOptions(viewer);
  const settings = useSettings(viewer);
  const programmeId = Number(params.get('programmeId')) || undefined;
  const tab = params.get('tab') ?? 'rules';
  const assignments = useAssignments(viewer, programmeId);
  const go = (next: Record<string, string | undefined>) => setParams(withParams(params, next), { replace: true });
  const picker = (allowAll: boolean) => <ProgrammePicker options={options.data} value={programmeId} allowAll={allowAll} onChange={(id) => go({ programmeId: id ? String(id) : undefined })} />;

  return (
    <div className="page review-setup">
      <h1 className="page__title">{t('menu.staff.reviewSetup')}</h1>
      <p className="page__lead">{t('setup.lead', { year: settings.data?.recruitYear ?? '' })}</p>
      <Tabs
        activeKey={tab}
        onChange={(key) => go({ tab: key })}
        items={[
          { key: 'rules', label: t('setup.tab.rules'), children: settings.data ? <RulesForm key={JSON.stringify(settings.data)} settings={settings.data} /> : <Skeleton active /> },
          {
            key: 'sheets',
            label: t('setup.tab.sheets'),
            children: (
              <>
                <div className="qualification__bar">{picker(false)}</div>
                {programmeId ? <SheetEditor programmeId={programmeId} /> : <p>{t('setup.pickProgrammeFirst')}</p>}
              </>
            ),
          },
          {
            key: 'assign',
            label: t('setup.tab.assign'),
            children: (
              <>
                <div className="qualification__bar">{picker(true)}</div>
                {assignments.data ? <AssignmentsPanel view={assignments.data} programmeId={programmeId} /> : <Skeleton active />}
              </>
            ),
          },
          { key: 'external', label: t('setup.tab.external'), children: <ExternalExpertsPanel viewer={viewer} /> },
        ]}
      />
    </div>
  );
}
