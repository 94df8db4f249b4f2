import { useState } from 'react';
import { Alert, Radio, Select, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMPLEMENTED_AREAS } from '@gradus/contract/menus';
import { DOCTOR_AREA, type AdmissionArea } from '@gradus/contract/areas';
import { SCORE_KINDS, type ScoreKind } from '@gradus/contract/doctor/journey';
import { useViewer } from '@/lib/viewer';
import { useRecruitYears } from '../api/scores';
import { ExcelPanel } from '../components/ExcelPanel';
import { ScoreGrid } from '../components/ScoreGrid';
import { WeightsPanel } from '../components/WeightsPanel';
import '../staff-scores.css';

/**
 * staff/scores (issue #10): a cycle's scores of one kind, entered in the grid or from Excel, each
 * change kept with who, when and why; the final score's weights per programme and the act that
 * computes it. Area, year and kind are chosen at the top; every call is the admissions office's.
 */
export default function ScoresPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const years = useRecruitYears(viewer);
  const [area, setArea] = useState<AdmissionArea>(DOCTOR_AREA);
  const [year, setYear] = useState<string | null>(null);
  const [kind, setKind] = useState<ScoreKind>('language');
  const recruitYear = year ?? years.data?.currentYear ?? years.data?.recruitYears[0] ?? '';
  const cycle = { area, recruitYear, kind };

  return (
    <div className="page scores">
      <h1 className="page__title">{t('menu.staff.scores')}</h1>
      <p className="page__lead">{t('scores.lead')}</p>
      {years.isError && <Alert className="scores__notice" type="error" showIcon title={t('scores.loadFailed')} />}
      <div className="scores__cycle">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          aria-label={t('scores.area')}
          value={area}
          onChange={(e) => setArea(e.target.value as AdmissionArea)}
          options={IMPLEMENTED_AREAS.map((a) => ({ value: a, label: t(`scores.areaName.${a}`) }))}
        />
        <Select
          className="scores__year"
          aria-label={t('scores.year')}
          value={recruitYear || undefined}
          placeholder={t('scores.year')}
          onChange={(value: string) => setYear(value)}
          options={(years.data?.recruitYears ?? []).map((y) => ({ value: y, label: y }))}
        />
      </div>
      <Tabs
        items={[
          {
            key: 'grid',
            label: t('scores.tab.grid'),
            children: (
              <>
                <Radio.Group
                  className="scores__kinds"
                  optionType="button"
                  buttonStyle="solid"
                  aria-label={t('scores.kindChoice')}
                  value={kind}
                  onChange={(e) => setKind(e.target.value as ScoreKind)}
                  options={SCORE_KINDS.map((k) => ({ value: k, label: t(`scores.kind.${k}`) }))}
                />
                {kind === 'final' && <Alert className="scores__notice" type="info" showIcon title={t('scores.finalHint')} />}
                {/* A new cycle or kind starts a fresh grid: drafts typed for another kind never carry over. */}
                {recruitYear && <ScoreGrid key={`${area}-${recruitYear}-${kind}`} cycle={cycle} />}
                {recruitYear && <ExcelPanel key={`excel-${area}-${recruitYear}-${kind}`} cycle={cycle} />}
              </>
            ),
          },
          { key: 'weights', label: t('scores.tab.weights'), children: recruitYear && <WeightsPanel area={area} recruitYear={recruitYear} /> },
        ]}
      />
    </div>
  );
}
