import type { AdmissionArea } from '@gradus/contract/areas';
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReleasePreviewView } from '@gradus/contract/api/staff-releases';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import { usePlanRelease, useReleasePreview } from '../api/releases';
import { useApplicantResult } from '../applicant-result';
import { ViewAsApplicantDialog } from './ViewAsApplicantDialog';
import { outcomeLabel } from '../outcome-label';

interface Fields {
  when: 'confirmation' | 'at';
  /** A Beijing wall-clock time, YYYY-MM-DDTHH:mm (the native picker's own format). */
  at?: string;
}

/**
 * Planning a release: what it would show (how many applicants get which outcome, five of them as
 * they would read it), then when: as soon as a second publisher confirms, or at a Beijing time.
 * The time is typed as Beijing time whatever the computer's own zone, and sent with its zone.
 */
export function PlanDialog({ area, recruitYear, release, name, onClose }: { area: string; recruitYear: string; release: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const preview = useReleasePreview({ area: area as AdmissionArea, recruitYear, release });
  const plan = usePlanRelease();
  const [when, setWhen] = useState<Fields['when']>('confirmation');
  const [viewing, setViewing] = useState<string | null>(null);

  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await plan.mutateAsync({ area: area as AdmissionArea, recruitYear, release, ...(fields.when === 'at' && fields.at ? { at: `${fields.at}:00+08:00` } : {}) });
    feedback.message.success(t('releases.planned', { name }));
    onClose();
  });

  return (
    <Modal open title={t('releases.planTitle', { name, year: recruitYear })} okText={t('releases.plan')} okButtonProps={{ loading: plan.isPending }} cancelText={t('common.cancel')} onOk={() => void submit()} onCancel={onClose} width={680} destroyOnHidden>
      <Preview data={preview.data} loading={preview.isLoading} error={preview.error} onViewAs={setViewing} />
      {viewing && <ViewAsApplicantDialog area={area} recruitYear={recruitYear} release={release} applicantNumber={viewing} onClose={() => setViewing(null)} />}
      <Form<Fields> form={form} layout="vertical" initialValues={{ when: 'confirmation' }} onFinish={() => void submit()} className="releases-plan__form">
        <Form.Item name="when" label={t('releases.when')}>
          <Radio.Group onChange={(e) => setWhen(e.target.value as Fields['when'])}>
            <Radio value="confirmation">{t('releases.whenConfirmed')}</Radio>
            <Radio value="at">{t('releases.whenAt')}</Radio>
          </Radio.Group>
        </Form.Item>
        {when === 'at' && (
          <Form.Item
            name="at"
            label={t('releases.at')}
            extra={t('releases.atHelp')}
            rules={[
              { required: true, message: t('releases.rule.atRequired') },
              { validator: async (_r, v?: string) => (!v || Date.parse(`${v}:00+08:00`) > Date.now() ? undefined : Promise.reject(new Error(t('releases.rule.atPast')))) },
            ]}
          >
            <Input type="datetime-local" />
          </Form.Item>
        )}
      </Form>
      <p className="releases-plan__note">{t('releases.secondPerson')}</p>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

function Preview({ data, loading, error, onViewAs }: { data: ReleasePreviewView | undefined; loading: boolean; error: unknown; onViewAs: (applicantNumber: string) => void }) {
  const { t } = useTranslation();
  // Offered when the app handed in the applicant's page (app/StaffReleasesPage.tsx).
  const viewable = useApplicantResult() !== null;
  const [other, setOther] = useState('');
  if (error) return <Alert type="error" showIcon title={error instanceof ReplyError ? error.message : t('releases.previewFailed')} />;
  return (
    <section aria-labelledby="release-preview" className="releases-plan__preview">
      <h2 id="release-preview" className="releases-plan__heading">
        {t('releases.previewTitle')}
      </h2>
      <ul className="releases-plan__counts">
        {(data?.outcomes ?? []).map((o) => (
          <li key={o.outcome}>
            <strong>{o.count}</strong> {outcomeLabel(t, o.outcome)}
          </li>
        ))}
      </ul>
      <Table
        size="small"
        rowKey="applicantNumber"
        loading={loading}
        pagination={false}
        dataSource={data?.samples ?? []}
        caption={t('releases.samples')}
        columns={[
          { key: 'number', dataIndex: 'applicantNumber', title: t('releases.column.number') },
          { key: 'name', dataIndex: 'name', title: t('releases.column.name') },
          { key: 'outcome', title: t('releases.column.outcome'), render: (_, s) => outcomeLabel(t, s.outcome) },
          ...(viewable
            ? [
                {
                  key: 'view',
                  title: t('releases.column.view'),
                  render: (_: unknown, s: { applicantNumber: string }) => (
                    <Button size="small" onClick={() => onViewAs(s.applicantNumber)} aria-label={t('releases.viewAs.named', { number: s.applicantNumber })}>
                      {t('releases.viewAs.button')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {viewable && (
        <Space.Compact className="releases-plan__other">
          <Input
            aria-label={t('releases.viewAs.otherLabel')}
            placeholder={t('releases.viewAs.otherLabel')}
            value={other}
            maxLength={20}
            onChange={(e) => setOther(e.target.value)}
            onPressEnter={() => other.trim() && onViewAs(other.trim())}
          />
          <Button disabled={!other.trim()} onClick={() => onViewAs(other.trim())}>
            {t('releases.viewAs.button')}
          </Button>
        </Space.Compact>
      )}
    </section>
  );
}
