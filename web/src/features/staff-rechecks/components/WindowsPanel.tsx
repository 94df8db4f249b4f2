import { useState } from 'react';
import { Alert, Button, Input, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdmissionArea, RecheckKind, RecheckWindowView } from '@gradus/contract';
import { fromUniversityLocal, universityLocal, useUniversityTime } from '@/lib/university-time';
import { useSaveRecheckWindow } from '../api/rechecks';

function WindowRow({ area, recruitYear, window }: { area: AdmissionArea; recruitYear: string; window: RecheckWindowView }) {
  const { t } = useTranslation();
  const save = useSaveRecheckWindow();
  const [opens, setOpens] = useState(window.opensAt ? universityLocal(window.opensAt) : '');
  const [closes, setCloses] = useState(window.closesAt ? universityLocal(window.closesAt) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const kindName = t(`rechecks.kind.${window.kind}`);
  const submit = () => {
    if (!opens || !closes) return setProblem(t('rechecks.windowRequired'));
    if (closes <= opens) return setProblem(t('rechecks.closesBeforeOpens'));
    setProblem(null);
    save.mutate({ area, recruitYear, kind: window.kind, opensAt: fromUniversityLocal(opens), closesAt: fromUniversityLocal(closes) });
  };
  return (
    <div className="rechecks__window">
      <Input type="datetime-local" aria-label={t('rechecks.opensOf', { kind: kindName })} value={opens} onChange={(e) => setOpens(e.target.value)} />
      <Input type="datetime-local" aria-label={t('rechecks.closesOf', { kind: kindName })} value={closes} onChange={(e) => setCloses(e.target.value)} />
      <Button onClick={submit} loading={save.isPending} aria-label={t('rechecks.saveWindowOf', { kind: kindName })}>
        {t('rechecks.saveWindow')}
      </Button>
      {save.isSuccess && !problem && <Typography.Text type="success">{t('rechecks.windowSaved')}</Typography.Text>}
      {(problem || save.isError) && <Alert type="error" showIcon title={problem ?? save.error?.message} />}
    </div>
  );
}

/** When applicants may ask for a re-check of each kind of score this year, in Beijing time. */
export function WindowsPanel({ area, recruitYear, windows }: { area: AdmissionArea; recruitYear: string; windows: RecheckWindowView[] }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  return (
    <section className="rechecks__windows" aria-label={t('rechecks.windows')}>
      <Typography.Title level={4}>{t('rechecks.windows')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('rechecks.windowsHint')}</Typography.Paragraph>
      <Table<RecheckWindowView>
        rowKey="kind"
        pagination={false}
        size="small"
        dataSource={windows}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'kind', title: t('rechecks.column.kind'), render: (_v, w) => t(`rechecks.kind.${w.kind as RecheckKind}`) },
          { key: 'now', title: t('rechecks.column.window'), render: (_v, w) => (w.opensAt && w.closesAt ? `${time.plain(w.opensAt)} – ${time.plain(w.closesAt)}` : t('rechecks.noWindow')) },
          { key: 'edit', title: t('rechecks.column.change'), render: (_v, w) => <WindowRow key={`${w.opensAt}-${w.closesAt}`} area={area} recruitYear={recruitYear} window={w} /> },
        ]}
      />
    </section>
  );
}
