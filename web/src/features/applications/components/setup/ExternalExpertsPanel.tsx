import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { EditOutlined, MailOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExternalExpertView } from '@gradus/contract/api/review-link';
import { EMAIL } from '@gradus/contract/validators/contact';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useExternalExperts, useSaveExternalExpert, useSendLink } from '../../api/expert-review';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';

const STATE_COLOURS = { sent: 'blue', verified: 'green', expired: 'orange', replaced: 'default' } as const;

/**
 * Experts from other universities: recorded here, assigned files by hand on the assignments tab,
 * and mailed a link that opens their review (no account). A new link replaces the earlier one.
 */
export function ExternalExpertsPanel({ viewer }: { viewer: string }) {
  const { t } = useTranslation();
  const time = useUniversityTime();
  const experts = useExternalExperts(viewer);
  const send = useSendLink();
  const [editing, setEditing] = useState<ExternalExpertView | 'new' | null>(null);

  const mailLink = (expert: ExternalExpertView) =>
    Modal.confirm({
      title: t('external.sendTitle', { name: expert.name }),
      content: t('external.sendExplain', { email: expert.email }),
      okText: t('external.sendConfirm'),
      cancelText: t('applications.cancel'),
      onOk: async () => {
        try {
          const sent = await send.mutateAsync({ expertUserId: expert.userId });
          feedback.message.success(t('external.sent', { email: sent.sentTo }));
        } catch (err) {
          feedback.message.error(err instanceof ReplyError ? err.message : t('review.failed'));
        }
      },
    });

  const columns: TableColumnsType<ExternalExpertView> = [
    { key: 'name', title: t('external.name'), dataIndex: 'name' },
    { key: 'affiliation', title: t('external.affiliation'), dataIndex: 'affiliation' },
    { key: 'email', title: t('external.email'), dataIndex: 'email' },
    { key: 'load', title: t('external.load'), render: (_, e) => `${e.submitted} / ${e.assigned}` },
    {
      key: 'link',
      title: t('external.link'),
      render: (_, e) =>
        e.link ? (
          <Space direction="vertical" size={0}>
            <Tag color={STATE_COLOURS[e.link.state]}>{t(`external.state.${e.link.state}`)}</Tag>
            <span className="setup__hint">{t('external.sentAt', { date: time.plain(e.link.sentAt) })}</span>
            {e.link.declaredAt && <span className="setup__hint">{t('external.declaredAt', { date: time.plain(e.link.declaredAt) })}</span>}
          </Space>
        ) : (
          <Tag>{t('external.state.none')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('external.actions'),
      render: (_, e) => (
        <Space wrap size={4}>
          {/* Short on screen, named in full for a screen reader: the name starts with what is shown. */}
          <Button
            size="small"
            icon={<MailOutlined aria-hidden />}
            onClick={() => mailLink(e)}
            disabled={e.assigned === 0}
            title={e.assigned === 0 ? t('external.assignFirst') : undefined}
            aria-label={t(e.link ? 'external.resend' : 'external.send', { name: e.name })}
          >
            {t(e.link ? 'external.resendShort' : 'external.sendShort')}
          </Button>
          <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(e)} aria-label={t('external.edit', { name: e.name })}>
            {t('external.editShort')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <p className="page__lead">{t('external.lead')}</p>
      <div className="qualification__bar">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('external.add')}
        </Button>
      </div>
      <Table<ExternalExpertView> rowKey="userId" columns={columns} dataSource={experts.data ?? []} loading={experts.isFetching} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('external.none') }} />
      {editing && <ExpertDialog expert={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function ExpertDialog({ expert, onClose }: { expert: ExternalExpertView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveExternalExpert();
  const [form] = Form.useForm<{ name: string; affiliation: string; email: string }>();
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await save.mutateAsync({ ...(expert ? { userId: expert.userId } : {}), name: fields.name.trim(), affiliation: fields.affiliation.trim(), email: fields.email.trim() });
    feedback.message.success(t('external.saved', { name: fields.name.trim() }));
    onClose();
  });
  return (
    <Modal
      open
      title={expert ? t('external.edit', { name: expert.name }) : t('external.add')}
      okText={t('external.save')}
      okButtonProps={{ loading: save.isPending }}
      cancelText={t('applications.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={expert ?? {}} onFinish={() => void submit()}>
        <Form.Item name="name" label={t('external.name')} rules={[{ required: true, whitespace: true, message: t('external.nameRequired') }]}>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="affiliation" label={t('external.affiliation')} rules={[{ required: true, whitespace: true, message: t('external.affiliationRequired') }]}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t('external.email')} rules={[{ required: true, pattern: EMAIL, message: t('external.emailFormat') }]}>
          <Input type="email" maxLength={254} autoComplete="off" />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
