import { useState } from 'react';
import { Alert, Button, Radio, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMPLEMENTED_AREAS } from '@gradus/contract/menus';
import { DOCTOR_AREA, type AdmissionArea } from '@gradus/contract/areas';
import { RECHECK_KINDS, RECHECK_STATES, type RecheckKind, type RecheckRowView, type RecheckState } from '@gradus/contract/api/score-rechecks';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useRecheckYears, useRechecks } from '../api/rechecks';
import { AnswerDialog } from '../components/AnswerDialog';
import { WindowsPanel } from '../components/WindowsPanel';
import '../staff-rechecks.css';

/**
 * staff/rechecks (issue #10, 复核): the re-checks applicants asked for in a cycle, filtered by state
 * and kind, each answered once (no change, or a corrected score that becomes a new version and
 * recomputes the final score); the window per kind in which applicants may ask. The admissions office's.
 */
export default function RechecksPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const time = useUniversityTime();
  const years = useRecheckYears(viewer);
  const [area, setArea] = useState<AdmissionArea>(DOCTOR_AREA);
  const [year, setYear] = useState<string | null>(null);
  const [state, setState] = useState<RecheckState | 'all'>('requested');
  const [kind, setKind] = useState<RecheckKind | 'all'>('all');
  const [answering, setAnswering] = useState<RecheckRowView | null>(null);
  const recruitYear = year ?? years.data?.currentYear ?? years.data?.recruitYears[0] ?? '';
  const list = useRechecks(viewer, { area, recruitYear, ...(state === 'all' ? {} : { state }), ...(kind === 'all' ? {} : { kind }) }, !!recruitYear);

  return (
    <div className="page rechecks">
      <h1 className="page__title">{t('menu.staff.rechecks')}</h1>
      <p className="page__lead">{t('rechecks.lead')}</p>
      {(years.isError || list.isError) && <Alert className="rechecks__notice" type="error" showIcon title={t('rechecks.loadFailed')} />}
      <div className="rechecks__filters">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          aria-label={t('rechecks.area')}
          value={area}
          onChange={(e) => setArea(e.target.value as AdmissionArea)}
          options={IMPLEMENTED_AREAS.map((a) => ({ value: a, label: t(`rechecks.areaName.${a}`) }))}
        />
        <Select
          className="rechecks__year"
          aria-label={t('rechecks.year')}
          value={recruitYear || undefined}
          placeholder={t('rechecks.year')}
          onChange={(value: string) => setYear(value)}
          options={(years.data?.recruitYears ?? []).map((y) => ({ value: y, label: y }))}
        />
        <Select
          className="rechecks__filter"
          aria-label={t('rechecks.stateFilter')}
          value={state}
          onChange={(value: RecheckState | 'all') => setState(value)}
          options={[{ value: 'all', label: t('rechecks.all') }, ...RECHECK_STATES.map((s) => ({ value: s, label: t(`rechecks.state.${s}`) }))]}
        />
        <Select
          className="rechecks__filter"
          aria-label={t('rechecks.kindFilter')}
          value={kind}
          onChange={(value: RecheckKind | 'all') => setKind(value)}
          options={[{ value: 'all', label: t('rechecks.allKinds') }, ...RECHECK_KINDS.map((k) => ({ value: k, label: t(`rechecks.kind.${k}`) }))]}
        />
      </div>
      <Table<RecheckRowView>
        className="rechecks__table"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('rechecks.empty') }}
        columns={[
          { key: 'applicant', title: t('rechecks.column.applicant'), render: (_v, r) => `${r.applicantNumber} ${r.name}` },
          { key: 'kind', title: t('rechecks.column.kind'), render: (_v, r) => t(`rechecks.kind.${r.kind}`) },
          { key: 'reason', title: t('rechecks.column.reason'), render: (_v, r) => <Typography.Paragraph className="rechecks__text">{r.reason}</Typography.Paragraph> },
          { key: 'requestedAt', title: t('rechecks.column.requestedAt'), render: (_v, r) => time.plain(r.requestedAt) },
          { key: 'score', title: t('rechecks.column.score'), render: (_v, r) => t('rechecks.outOf', { score: r.currentScore ?? r.oldScore, max: r.maxScore }) },
          {
            key: 'state',
            title: t('rechecks.column.state'),
            render: (_v, r) =>
              r.state === 'requested' ? (
                <Tag color="gold">{t('rechecks.state.requested')}</Tag>
              ) : (
                <>
                  <Tag color={r.outcome === 'corrected' ? 'blue' : 'default'}>{r.outcome === 'corrected' ? t('rechecks.correctedFrom', { old: r.oldScore, score: r.newScore ?? '' }) : t('rechecks.outcome.unchanged')}</Tag>
                  <Typography.Paragraph className="rechecks__text" type="secondary">
                    {r.answer} — {r.answeredBy?.name ?? ''} {r.answeredAt ? time.plain(r.answeredAt) : ''}
                  </Typography.Paragraph>
                </>
              ),
          },
          {
            key: 'act',
            title: t('rechecks.column.action'),
            render: (_v, r) =>
              r.state === 'requested' && (
                <Button type="primary" size="small" onClick={() => setAnswering(r)} aria-label={t('rechecks.answerOf', { name: r.name, kind: t(`rechecks.kind.${r.kind}`) })}>
                  {t('rechecks.answerAction')}
                </Button>
              ),
          },
        ]}
      />
      {list.data && <WindowsPanel key={`${area}-${recruitYear}`} area={area} recruitYear={recruitYear} windows={list.data.windows} />}
      {answering && <AnswerDialog area={area} row={answering} onClose={() => setAnswering(null)} />}
    </div>
  );
}
