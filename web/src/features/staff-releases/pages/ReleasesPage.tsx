import type { AdmissionArea } from '@gradus/contract/areas';
import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReleaseRow, ReleaseWithdrawnView } from '@gradus/contract/api/staff-releases';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { CycleSwitch, useCycle } from '@/lib/ui/CycleSwitch';
import { ReasonDialog } from '@/lib/ui/ReasonDialog';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useCancelRelease, useConfirmRelease, useReleases, useWithdrawRelease } from '../api/releases';
import { NoticeProgress } from '../components/NoticeProgress';
import { PlanDialog } from '../components/PlanDialog';
import '../staff-releases.css';

type Acting = { kind: 'plan' | 'cancel' | 'withdraw'; row: ReleaseRow } | null;

/**
 * staff/releases: where each result of the cycle stands, and its release as a planned act: a
 * publisher plans it after a preview, a second publisher confirms it, it goes out at once or at
 * its Beijing moment; only a publisher withdraws it, with a reason, and sees who had read it.
 * Without the publish permission the page is for reading.
 */
export default function ReleasesPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const [cycle, setCycle] = useCycle();
  const releases = useReleases(viewer, cycle);
  const confirm = useConfirmRelease();
  const cancel = useCancelRelease();
  const withdraw = useWithdrawRelease();
  const time = useUniversityTime();
  const [acting, setActing] = useState<Acting>(null);
  const [error, setError] = useState<string | null>(null);
  // After a withdrawal: who had already opened the result, for the office to tell them.
  const [seen, setSeen] = useState<{ name: string; seenBy: ReleaseWithdrawnView['seenBy'] } | null>(null);
  const data = releases.data;
  const name = (release: string) => t(`releases.name.${release}`, { defaultValue: release });

  const askConfirm = (row: ReleaseRow) =>
    feedback.modal.confirm({
      title: t('releases.confirmTitle', { name: name(row.release) }),
      content: row.plan?.at ? t('releases.confirmAt', { at: time.plain(row.plan.at) }) : t('releases.confirmNow'),
      okText: t('releases.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setError(null);
        try {
          const done = await confirm.mutateAsync({ planId: row.plan!.planId });
          feedback.message.success(done.published ? t('releases.published', { name: name(row.release) }) : t('releases.scheduled', { name: name(row.release), at: time.plain(done.at!) }));
        } catch (err) {
          setError(err instanceof ReplyError ? err.message : t('releases.failed'));
        }
      },
    });

  const status = (row: ReleaseRow) => {
    if (row.published) return <Tag color="green">{row.publishedAt ? t('releases.status.publishedAt', { at: time.plain(row.publishedAt) }) : t('releases.status.published')}</Tag>;
    if (row.plan?.state === 'scheduled') return <Tag color="blue">{t('releases.status.scheduled', { at: time.plain(row.plan.at!), who: row.plan.confirmedBy?.name ?? '' })}</Tag>;
    if (row.plan)
      return (
        <Tag color="gold">
          {row.plan.at ? t('releases.status.awaitingAt', { at: time.plain(row.plan.at), who: row.plan.plannedBy.name }) : t('releases.status.awaiting', { who: row.plan.plannedBy.name })}
        </Tag>
      );
    return <Tag>{t('releases.status.none')}</Tag>;
  };

  const actions = (row: ReleaseRow) => {
    if (!data?.mayPublish) return null;
    const n = name(row.release);
    if (row.published)
      return (
        <Button size="small" danger onClick={() => setActing({ kind: 'withdraw', row })} aria-label={t('releases.withdrawNamed', { name: n })}>
          {t('releases.withdraw')}
        </Button>
      );
    if (!row.plan)
      return (
        <Button size="small" type="primary" onClick={() => setActing({ kind: 'plan', row })} aria-label={t('releases.planNamed', { name: n })}>
          {t('releases.plan')}
        </Button>
      );
    return (
      <Space wrap size={4}>
        {row.plan.state === 'awaiting' &&
          (row.plan.mine ? (
            <span className="releases__wait">{t('releases.waitOther')}</span>
          ) : (
            <Button size="small" type="primary" onClick={() => askConfirm(row)} aria-label={t('releases.confirmNamed', { name: n })}>
              {t('releases.confirm')}
            </Button>
          ))}
        <Button size="small" onClick={() => setActing({ kind: 'cancel', row })} aria-label={t('releases.cancelNamed', { name: n })}>
          {t('releases.cancel')}
        </Button>
      </Space>
    );
  };

  const columns: TableColumnsType<ReleaseRow> = [
    { key: 'name', title: t('releases.column.result'), render: (_, r) => name(r.release) },
    { key: 'status', title: t('releases.column.status'), render: (_, r) => status(r) },
    { key: 'notices', title: t('releases.column.notices'), render: (_, r) => <NoticeProgress notices={r.notices} /> },
    { key: 'actions', title: t('releases.column.actions'), render: (_, r) => actions(r) },
  ];

  return (
    <div className="page releases">
      <h1 className="page__title">{t('menu.staff.releases')}</h1>
      <p className="page__lead">{t('releases.lead', { year: data?.recruitYear ?? '' })}</p>
      <CycleSwitch value={cycle} onChange={setCycle} />
      {data && !data.mayPublish && <Alert className="releases__notice" type="info" showIcon title={t('releases.readOnly')} />}
      {releases.isError && <Alert className="releases__notice" type="error" showIcon title={t('releases.loadFailed')} />}
      {error && <Alert className="releases__notice" type="error" showIcon closable onClose={() => setError(null)} title={error} />}
      <Table<ReleaseRow> rowKey="release" size="middle" columns={columns} dataSource={data?.releases ?? []} loading={releases.isLoading} pagination={false} />
      <p className="releases__zone">{t('releases.timeZone')}</p>
      {acting?.kind === 'plan' && data && <PlanDialog area={data.area} recruitYear={data.recruitYear} release={acting.row.release} name={name(acting.row.release)} onClose={() => setActing(null)} />}
      {acting?.kind === 'cancel' && (
        <ReasonDialog
          title={t('releases.cancelTitle', { name: name(acting.row.release) })}
          okText={t('releases.cancel')}
          reasonHelp={t('releases.reasonHelp')}
          pending={cancel.isPending}
          onSubmit={async (reason) => {
            await cancel.mutateAsync({ planId: acting.row.plan!.planId, reason });
            feedback.message.success(t('releases.cancelled', { name: name(acting.row.release) }));
          }}
          onClose={() => setActing(null)}
        />
      )}
      {acting?.kind === 'withdraw' && data && (
        <ReasonDialog
          title={t('releases.withdrawTitle', { name: name(acting.row.release) })}
          okText={t('releases.withdraw')}
          danger
          warning={t('releases.withdrawWarning')}
          reasonHelp={t('releases.reasonHelp')}
          pending={withdraw.isPending}
          onSubmit={async (reason) => {
            const done = await withdraw.mutateAsync({ area: data.area as AdmissionArea, recruitYear: data.recruitYear, release: acting.row.release, reason });
            setSeen({ name: name(acting.row.release), seenBy: done.seenBy });
          }}
          onClose={() => setActing(null)}
        />
      )}
      {seen && (
        <Modal
          open
          title={t('releases.withdrawn', { name: seen.name })}
          onCancel={() => setSeen(null)}
          footer={
            <Button type="primary" onClick={() => setSeen(null)}>
              {t('common.close')}
            </Button>
          }
        >
          {seen.seenBy.length ? (
            <>
              <p>{t('releases.seenBy', { count: seen.seenBy.length })}</p>
              <ul className="releases__seen">
                {seen.seenBy.map((s) => (
                  <li key={s.applicantNumber}>
                    {s.applicantNumber} {s.name} — {time.plain(s.firstSeenAt)}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('releases.seenByNobody')}</p>
          )}
        </Modal>
      )}
    </div>
  );
}
