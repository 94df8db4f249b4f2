import { useState } from 'react';
import { Alert, Button, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RankingRow } from '@gradus/contract/api/staff-scoring';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useQualify, useRanking } from '../api/expert-review';
import { useFilterOptions } from '../api/options';
import { ProgrammePicker } from '../components/ProgrammePicker';
import { useViewer } from '@/lib/viewer';
import '../applications.css';
import '../review.css';

const DECIMAL = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * staff/ranking: a programme's applications ranked by their combined material-review score, each
 * expert's total (struck through when the rule leaves it out), the formula and the result to the
 * hundredth. The office sets a cut-off and records who qualifies for the comprehensive assessment.
 */
export default function RankingPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const options = useFilterOptions(viewer);
  const programmeId = Number(params.get('programmeId')) || undefined;
  const ranking = useRanking(viewer, programmeId);
  const qualify = useQualify();
  const [cutoff, setCutoff] = useState('');
  const [error, setError] = useState<string | null>(null);
  const settings = ranking.data?.settings;
  const above = ranking.data?.rows.filter((r) => r.combined !== null && DECIMAL.test(cutoff) && Number(r.combined) >= Number(cutoff)).length ?? 0;

  const record = () => {
    if (!DECIMAL.test(cutoff)) {
      setError(t('ranking.cutoffFormat'));
      return;
    }
    setError(null);
    feedback.modal.confirm({
      title: t('ranking.confirmTitle', { cutoff }),
      content: t('ranking.confirmText', { count: above }),
      okText: t('ranking.record'),
      cancelText: t('applications.cancel'),
      onOk: async () => {
        try {
          const r = await qualify.mutateAsync({ programmeId: programmeId!, cutoff });
          feedback.message.success(t('ranking.recorded', { ...r }));
        } catch (err) {
          setError(err instanceof ReplyError ? err.message : t('review.failed'));
        }
      },
    });
  };

  const columns: TableColumnsType<RankingRow> = [
    { key: 'rank', title: t('ranking.rank'), render: (_, r) => r.rank ?? '—', width: 70 },
    { key: 'number', title: t('applications.column.applicantNumber'), render: (_, r) => <Link to={`/admissions/score?id=${r.applicationId}`}>{r.applicantNumber}</Link> },
    { key: 'name', title: t('applications.column.name'), dataIndex: 'name' },
    {
      key: 'scores',
      title: t('ranking.scores'),
      render: (_, r) => (
        <Space wrap size={4}>
          {r.scores.map((s, i) => (
            <span key={i} className={s.counted ? 'ranking__score' : 'ranking__score ranking__score--dropped'}>
              {s.expertName} {s.total}
              {!s.counted && <span className="visually-hidden"> ({t('ranking.notCounted')})</span>}
            </span>
          ))}
          <Typography.Text type="secondary">{t('ranking.ofAssigned', { n: r.scores.length, of: r.assigned })}</Typography.Text>
        </Space>
      ),
    },
    { key: 'formula', title: t('ranking.formula'), render: (_, r) => (r.formula ? <code>{r.formula}</code> : t('ranking.notEnough', { n: settings?.minExperts ?? 0 })) },
    {
      key: 'combined',
      title: t('ranking.combined'),
      // At or above the cut-off is said in words too, not by the row's colour alone.
      render: (_, r) => (
        <>
          <strong>{r.combined ?? '—'}</strong>
          {r.combined !== null && DECIMAL.test(cutoff) && Number(r.combined) >= Number(cutoff) && <Tag className="ranking__above">{t('ranking.aboveTag')}</Tag>}
        </>
      ),
    },
    { key: 'decision', title: t('ranking.decisionColumn'), render: (_, r) => (r.decision ? <Tag color={r.decision === 'pass' ? 'green' : 'red'}>{t(`ranking.decision.${r.decision}`)}</Tag> : '—') },
  ];

  return (
    <div className="page ranking">
      <h1 className="page__title">{t('menu.staff.ranking')}</h1>
      <p className="page__lead">{t('ranking.lead')}</p>
      <div className="qualification__bar">
        <ProgrammePicker options={options.data} value={programmeId} onChange={(id) => setParams(id ? { programmeId: String(id) } : {}, { replace: true })} />
        {settings && <span className="setup__hint">{t('ranking.rule', { method: t(`setup.method.${settings.method}`), n: settings.minExperts })}</span>}
      </div>
      {!programmeId ? (
        <p>{t('setup.pickProgrammeFirst')}</p>
      ) : (
        <>
          <Table<RankingRow>
            rowKey="applicationId"
            columns={columns}
            dataSource={ranking.data?.rows ?? []}
            loading={ranking.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('ranking.none') }}
            rowClassName={(r) => (r.combined !== null && DECIMAL.test(cutoff) && Number(r.combined) >= Number(cutoff) ? 'ranking__row--above' : '')}
          />
          <div className="ranking__cutoff">
            <label>
              <span>{t('ranking.cutoff')}</span>
              <Input inputMode="decimal" value={cutoff} onChange={(e) => setCutoff(e.target.value.trim())} className="setup__short" aria-describedby="ranking-above" />
            </label>
            <span id="ranking-above" aria-live="polite">
              {DECIMAL.test(cutoff) ? t('ranking.above', { count: above }) : ''}
            </span>
            <Button type="primary" onClick={record} loading={qualify.isPending}>
              {t('ranking.record')}
            </Button>
          </div>
          {error && <Alert className="file__notice" type="error" showIcon title={error} />}
        </>
      )}
    </div>
  );
}
