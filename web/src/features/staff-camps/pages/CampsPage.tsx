import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Grid, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampView } from '@gradus/contract/api/staff-camps';
import { feedback } from '@/lib/feedback';
import { useLocalName } from '@/lib/local-name';
import { ReplyError } from '@/lib/request';
import { QueryState } from '@/lib/ui/QueryState';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useCamps, useDeleteCamp } from '../api/camps';
import { CampDialog } from '../components/CampDialog';
import '../staff-camps.css';

interface Fact {
  key: string;
  title: string;
  value: (camp: CampView) => ReactNode;
}

/**
 * staff/camps: the office's summer camps of a year: when and where each runs, its application
 * window and confirmation deadline (Beijing time), the places each programme offers and whether it
 * rates its campers. A table on a wide screen, a card per camp on a phone.
 */
export default function CampsPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const name = useLocalName();
  const time = useUniversityTime();
  const phone = !Grid.useBreakpoint().md;
  const [year, setYear] = useState<string | undefined>(undefined);
  const camps = useCamps(viewer, year);
  const remove = useDeleteCamp();
  const [editing, setEditing] = useState<CampView | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirmDelete = (camp: CampView) =>
    feedback.modal.confirm({
      title: t('camps.deleteTitle', { name: name(camp) }),
      content: t('camps.deleteContent'),
      okText: t('camps.delete'),
      okButtonProps: { danger: true },
      cancelText: t('camps.cancel'),
      onOk: async () => {
        setError(null);
        try {
          await remove.mutateAsync({ id: camp.id, version: camp.version });
          feedback.message.success(t('camps.deleted', { name: name(camp) }));
        } catch (err) {
          setError(err instanceof ReplyError ? err.message : t('camps.failed'));
        }
      },
    });

  const place = (c: CampView) => (c.placeZh || c.placeEn ? name({ nameZh: c.placeZh ?? c.placeEn ?? '', nameEn: c.placeEn ?? c.placeZh ?? '' }) : '');
  const facts: Fact[] = [
    { key: 'school', title: t('camps.departmentId'), value: (c) => (c.department ? name(c.department) : t('camps.severalSchools')) },
    { key: 'dates', title: t('camps.dates'), value: (c) => t('camps.range', { from: time.day(c.startsOn, 'medium'), to: time.day(c.endsOn, 'medium') }) },
    {
      key: 'where',
      title: t('camps.where'),
      value: (c) => (
        <>
          <Tag color={c.mode === 'onsite' ? 'blue' : 'purple'}>{t(`camps.mode.${c.mode}`)}</Tag>
          {place(c)}
        </>
      ),
    },
    { key: 'apply', title: t('camps.applyWindow'), value: (c) => t('camps.range', { from: time.plain(c.applyOpensAt), to: time.plain(c.applyClosesAt) }) },
    { key: 'confirm', title: t('camps.confirmClosesAt'), value: (c) => time.plain(c.confirmClosesAt) },
    {
      key: 'places',
      title: t('camps.places'),
      value: (c) => (
        <>
          <strong>{c.places}</strong>
          <ul className="camps__programmes">
            {c.programmes.map((p) => (
              <li key={p.programmeId}>{t('camps.programmePlaces', { programme: name(p), places: p.capacity })}</li>
            ))}
          </ul>
        </>
      ),
    },
    { key: 'rates', title: t('camps.ratesCampers'), value: (c) => (c.ratesCampers ? <Tag color="green">{t('camps.rates')}</Tag> : <Tag>{t('camps.activityOnly')}</Tag>) },
  ];
  const actions = (c: CampView) => (
    <Space wrap size={4}>
      <Button size="small" onClick={() => setEditing(c)} aria-label={t('camps.editNamed', { name: name(c) })}>
        {t('camps.edit')}
      </Button>
      <Button size="small" danger onClick={() => confirmDelete(c)} aria-label={t('camps.deleteNamed', { name: name(c) })}>
        {t('camps.delete')}
      </Button>
    </Space>
  );
  const columns: TableColumnsType<CampView> = [
    { key: 'name', title: t('camps.name'), render: (_, c) => name(c) },
    ...facts.map((f) => ({ key: f.key, title: f.title, render: (_: unknown, c: CampView) => f.value(c) })),
    { key: 'actions', title: t('camps.actions'), render: (_, c) => actions(c) },
  ];

  return (
    <div className="page camps">
      <div className="camps__head">
        <div>
          <h1 className="page__title">{t('menu.staff.camps')}</h1>
          <p className="page__lead">{t('camps.lead')}</p>
        </div>
        <Button type="primary" disabled={!camps.data} onClick={() => setEditing('new')}>
          {t('camps.new')}
        </Button>
      </div>
      {error && <Alert className="camps__notice" type="error" showIcon closable onClose={() => setError(null)} title={error} />}
      <QueryState query={camps} texts={{ loading: t('camps.loading'), refused: t('camps.refused'), loadFailed: t('camps.loadFailed') }}>
        {(data) => (
          <Card
            className="camps__card"
            title={<h2 className="camps__heading">{t('camps.yearTitle', { year: data.recruitYear })}</h2>}
            extra={
              <Select
                aria-label={t('camps.showYear')}
                value={data.recruitYear}
                onChange={setYear}
                options={data.recruitYears.map((y) => ({ value: y, label: y }))}
                className="camps__year"
              />
            }
          >
            <p className="camps__muted">{t('camps.beijingTimes')}</p>
            {data.camps.length === 0 ? (
              <p className="camps__muted">{t('camps.none', { year: data.recruitYear })}</p>
            ) : phone ? (
              <ul className="camps__cards">
                {data.camps.map((c) => (
                  <li key={c.id}>
                    <Card size="small" title={<h3 className="camps__name">{name(c)}</h3>} className="camps__camp">
                      <dl className="camps__facts">
                        {facts.map((f) => (
                          <div key={f.key}>
                            <dt>{f.title}</dt>
                            <dd>{f.value(c)}</dd>
                          </div>
                        ))}
                      </dl>
                      {actions(c)}
                    </Card>
                  </li>
                ))}
              </ul>
            ) : (
              // Wide enough to read, narrow enough to fit beside the menu: long cells wrap rather than scroll.
              <Table<CampView> rowKey="id" size="small" columns={columns} dataSource={data.camps} pagination={false} scroll={{ x: 1000 }} />
            )}
          </Card>
        )}
      </QueryState>
      {editing && camps.data && (
        <CampDialog recruitYear={camps.data.recruitYear} camp={editing === 'new' ? null : editing} options={camps.data.options} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
