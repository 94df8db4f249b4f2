import { useState, type KeyboardEvent } from 'react';
import { Alert, Button, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCORE_PAGE_SIZES, SCORE_ROW_FILTERS, type ScoreRowView } from '@gradus/contract/api/staff-scores';
import { feedback } from '@/lib/feedback';
import { useLocalName } from '@/lib/local-name';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useRecordScore, useSaveScale, useScoreGrid, type Cycle } from '../api/scores';
import { hundredthsOf } from '../score-text';
import { HistoryDrawer } from './HistoryDrawer';

type Draft = { score?: string; reason?: string };

/**
 * The applicants who should have the chosen score, a page at a time, each score typed in its row:
 * Enter saves the row (score or reason field), Tab moves on through the row and down the page, and
 * after a save the next row's score takes the focus. Changing a recorded score asks for the reason
 * in the row before anything is sent; the server asks again and keeps the version.
 */
export function ScoreGrid({ cycle }: { cycle: Cycle }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const localName = useLocalName();
  const time = useUniversityTime();
  const [q, setQ] = useState('');
  const [programmeId, setProgrammeId] = useState<number | undefined>();
  const [status, setStatus] = useState<(typeof SCORE_ROW_FILTERS)[number]>('all');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [history, setHistory] = useState<ScoreRowView | null>(null);
  const [scale, setScale] = useState<string | null>(null);
  const [scaleError, setScaleError] = useState<string | null>(null);
  const grid = useScoreGrid(viewer, { ...cycle, ...(q ? { q } : {}), ...(programmeId ? { programmeId } : {}), status, ...page }, Boolean(cycle.recruitYear));
  const record = useRecordScore();
  const saveScale = useSaveScale();
  const data = grid.data;
  const kindName = t(`scores.kind.${cycle.kind}`);

  const edit = (number: string, patch: Draft) => {
    setDrafts((d) => ({ ...d, [number]: { ...d[number], ...patch } }));
    setErrors(({ [number]: _gone, ...rest }) => rest);
  };

  const focusScore = (number: string | undefined) => {
    if (number) document.querySelector<HTMLInputElement>(`[data-score-input="${number}"]`)?.focus();
  };

  async function save(row: ScoreRowView, index: number) {
    const draft = drafts[row.applicantNumber] ?? {};
    const text = (draft.score ?? row.score ?? '').trim();
    const reason = (draft.reason ?? '').trim();
    const fail = (message: string) => setErrors((e) => ({ ...e, [row.applicantNumber]: message }));
    const value = hundredthsOf(text);
    if (text === '') return fail(t('scores.grid.required'));
    if (value === null) return fail(t('scores.grid.notScore'));
    if (data && value > (hundredthsOf(data.maxScore) ?? Infinity)) return fail(t('scores.grid.aboveMax', { max: data.maxScore }));
    const next = data?.rows[index + 1]?.applicantNumber;
    if (row.score !== null && hundredthsOf(row.score) === value) {
      setDrafts(({ [row.applicantNumber]: _same, ...rest }) => rest);
      return focusScore(next);
    }
    if (row.score !== null && !reason) return fail(t('scores.grid.reasonNeeded', { score: row.score }));
    try {
      await record.mutateAsync({ ...cycle, number: row.applicantNumber, score: text, ...(reason ? { reason } : {}) });
      setDrafts(({ [row.applicantNumber]: _saved, ...rest }) => rest);
      feedback.message.success(t('scores.grid.saved', { number: row.applicantNumber, score: text }));
      focusScore(next);
    } catch (err) {
      fail(err instanceof ReplyError ? err.message : t('scores.failed'));
    }
  }

  const onEnter = (row: ScoreRowView, index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void save(row, index);
  };

  const columns: TableColumnsType<ScoreRowView> = [
    { key: 'number', title: t('scores.column.number'), dataIndex: 'applicantNumber' },
    { key: 'name', title: t('scores.column.name'), dataIndex: 'name' },
    { key: 'programme', title: t('scores.column.programme'), render: (_, r) => (r.programme ? localName(r.programme) : '—') },
    {
      key: 'score',
      title: t('scores.column.score', { max: data?.maxScore ?? '' }),
      render: (_, r, index) => (
        <div className="scores__cell">
          <Input
            className="scores__score"
            inputMode="decimal"
            data-score-input={r.applicantNumber}
            aria-label={t('scores.grid.scoreOf', { number: r.applicantNumber, name: r.name, kind: kindName })}
            aria-invalid={Boolean(errors[r.applicantNumber])}
            value={drafts[r.applicantNumber]?.score ?? r.score ?? ''}
            onChange={(e) => edit(r.applicantNumber, { score: e.target.value })}
            onKeyDown={onEnter(r, index)}
          />
          {errors[r.applicantNumber] && (
            <div className="scores__error" role="alert">
              {errors[r.applicantNumber]}
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'reason',
      title: t('scores.column.reason'),
      render: (_, r, index) => (
        <Input
          className="scores__reason"
          maxLength={200}
          aria-label={t('scores.grid.reasonOf', { number: r.applicantNumber, name: r.name })}
          placeholder={r.score === null ? '' : t('scores.grid.reasonPlaceholder')}
          value={drafts[r.applicantNumber]?.reason ?? ''}
          onChange={(e) => edit(r.applicantNumber, { reason: e.target.value })}
          onKeyDown={onEnter(r, index)}
        />
      ),
    },
    { key: 'recordedAt', title: t('scores.column.recordedAt'), render: (_, r) => (r.recordedAt ? time.plain(r.recordedAt) : '—') },
    {
      key: 'history',
      title: t('scores.column.history'),
      render: (_, r) =>
        r.versions > 0 ? (
          <Button size="small" onClick={() => setHistory(r)} aria-label={t('scores.grid.historyOf', { number: r.applicantNumber, name: r.name })}>
            {t('scores.grid.versions', { count: r.versions })}
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <section className="scores__grid" aria-label={t('scores.grid.title', { kind: kindName })}>
      <div className="scores__scale">
        {scale === null ? (
          <Space wrap>
            <span>{t('scores.scale.current', { max: data?.maxScore ?? '…' })}</span>
            <Button size="small" onClick={() => setScale(data?.maxScore ?? '100')}>
              {t('scores.scale.change')}
            </Button>
          </Space>
        ) : (
          <Space wrap>
            <Input
              className="scores__scale-input"
              aria-label={t('scores.scale.label', { kind: kindName })}
              inputMode="decimal"
              value={scale}
              autoFocus
              onChange={(e) => setScale(e.target.value)}
              onPressEnter={() => void submitScale()}
            />
            <Button size="small" type="primary" loading={saveScale.isPending} onClick={() => void submitScale()}>
              {t('scores.save')}
            </Button>
            <Button size="small" onClick={() => (setScale(null), setScaleError(null))}>
              {t('common.cancel')}
            </Button>
          </Space>
        )}
        {scaleError && <Alert className="scores__notice" type="error" showIcon title={scaleError} />}
      </div>
      <Space wrap className="scores__filters">
        <Input.Search
          allowClear
          aria-label={t('scores.filter.search')}
          placeholder={t('scores.filter.search')}
          onSearch={(value) => (setQ(value.trim()), setPage((p) => ({ ...p, pageNum: 1 })))}
        />
        <Select
          allowClear
          className="scores__select"
          aria-label={t('scores.filter.programme')}
          placeholder={t('scores.filter.programme')}
          value={programmeId}
          onChange={(value?: number) => (setProgrammeId(value), setPage((p) => ({ ...p, pageNum: 1 })))}
          options={(data?.programmes ?? []).map((p) => ({ value: p.id, label: localName(p) }))}
        />
        <Select
          className="scores__select"
          aria-label={t('scores.filter.status')}
          value={status}
          onChange={(value) => (setStatus(value), setPage((p) => ({ ...p, pageNum: 1 })))}
          options={SCORE_ROW_FILTERS.map((s) => ({ value: s, label: t(`scores.filter.${s}`) }))}
        />
      </Space>
      {grid.isError && <Alert className="scores__notice" type="error" showIcon title={t('scores.loadFailed')} />}
      <Table<ScoreRowView>
        rowKey="applicantNumber"
        size="middle"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={grid.isFetching && !data}
        locale={{ emptyText: t('scores.grid.empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: SCORE_PAGE_SIZES.map(String),
          showTotal: (total) => t('scores.grid.total', { count: total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
      {history && <HistoryDrawer area={cycle.area} recruitYear={cycle.recruitYear} row={history} onClose={() => setHistory(null)} />}
    </section>
  );

  async function submitScale() {
    if (scale === null) return;
    const value = hundredthsOf(scale.trim());
    if (value === null || value === 0) return setScaleError(t('scores.scale.invalid'));
    try {
      await saveScale.mutateAsync({ ...cycle, maxScore: scale.trim() });
      setScale(null);
      setScaleError(null);
    } catch (err) {
      setScaleError(err instanceof ReplyError ? err.message : t('scores.failed'));
    }
  }
}
