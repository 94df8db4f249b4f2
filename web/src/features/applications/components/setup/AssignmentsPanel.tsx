import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { CloseOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AssignmentRow, AssignmentsView } from '@gradus/contract/api/staff-scoring';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useAssign, useAutoAssign, useUnassign } from '../../api/expert-review';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';

/**
 * Who reviews what: the experts' loads, automatic assignment with a seed (the same seed gives the
 * same result), and by hand per application. The server refuses a conflicted expert and asks for a
 * reason when a manual assignment goes past the rules.
 */
export function AssignmentsPanel({ view, programmeId }: { view: AssignmentsView; programmeId: number | undefined }) {
  const { t } = useTranslation();
  const auto = useAutoAssign();
  const unassign = useUnassign();
  const [seed, setSeed] = useState(() => Math.floor(Math.random() * 100_000));
  const [adding, setAdding] = useState<AssignmentRow | null>(null);

  const runAuto = async () => {
    try {
      const result = await auto.mutateAsync({ seed, ...(programmeId ? { programmeId } : {}) });
      feedback.message.success(t('setup.assign.autoDone', { count: result.assigned }));
      if (result.unfilled.length) feedback.message.warning(t('setup.assign.unfilled', { list: result.unfilled.map((u) => u.applicantNumber).join(', ') }));
    } catch (err) {
      feedback.message.error(err instanceof ReplyError ? err.message : t('review.failed'));
    }
  };
  const remove = (row: AssignmentRow, expertUserId: number) =>
    unassign.mutateAsync({ applicationId: row.applicationId, expertUserId }).catch((err: unknown) => feedback.message.error(err instanceof ReplyError ? err.message : t('review.failed')));

  const columns: TableColumnsType<AssignmentRow> = [
    { key: 'number', title: t('applications.column.applicantNumber'), render: (_, r) => <Link to={`/admissions/file?id=${r.applicationId}`}>{r.applicantNumber}</Link> },
    { key: 'name', title: t('applications.column.name'), dataIndex: 'name' },
    {
      key: 'experts',
      title: t('setup.assign.experts', { n: view.settings.expertsPerApplication }),
      render: (_, r) => (
        <Space wrap size={4}>
          {r.experts.map((e) => (
            <Tooltip key={e.userId} title={e.overrideReason ? t('setup.assign.override', { reason: e.overrideReason }) : undefined}>
              <Tag color={e.submitted ? 'green' : e.overrideReason ? 'orange' : 'default'} className="setup__expert">
                {e.name}
                {e.submitted ? ` · ${t('scoring.status.submitted')}` : ''}
                {/* A real button, reachable by keyboard; an expert who has submitted stays. */}
                {!e.submitted && (
                  <Button type="text" size="small" className="setup__unassign" icon={<CloseOutlined aria-hidden />} aria-label={t('setup.assign.remove', { name: e.name })} onClick={() => void remove(r, e.userId)} />
                )}
              </Tag>
            </Tooltip>
          ))}
          {r.experts.length < view.settings.expertsPerApplication && <Tag color="red">{t('setup.assign.missing', { n: view.settings.expertsPerApplication - r.experts.length })}</Tag>}
        </Space>
      ),
    },
    {
      key: 'add',
      title: t('setup.assign.confirm'),
      render: (_, r) => (
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(r)}>
          {t('setup.assign.add', { name: r.name })}
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className="setup__auto">
        <label className="setup__seed">
          <span>{t('setup.assign.seed')}</span>
          <InputNumber min={0} max={2 ** 31 - 1} precision={0} value={seed} onChange={(v) => setSeed(Number(v ?? 0))} aria-label={t('setup.assign.seed')} />
        </label>
        <Button type="primary" icon={<ThunderboltOutlined aria-hidden />} loading={auto.isPending} onClick={() => void runAuto()}>
          {t('setup.assign.auto')}
        </Button>
        <span className="setup__hint">{t('setup.assign.autoHint', { n: view.settings.expertsPerApplication, max: view.settings.maxLoad })}</span>
      </div>
      <Table
        size="small"
        className="setup__loads"
        rowKey="userId"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={view.experts}
        columns={[
          { key: 'name', title: t('file.assignments.expert'), render: (_, e) => (e.external ? <>{e.name} <Tag>{t('setup.assign.external')}</Tag></> : e.name) },
          { key: 'assigned', title: t('setup.assign.load', { max: view.settings.maxLoad }), render: (_, e) => `${e.assigned} / ${view.settings.maxLoad}` },
          { key: 'submitted', title: t('setup.assign.submitted'), dataIndex: 'submitted' },
        ]}
      />
      <Table<AssignmentRow> rowKey="applicationId" columns={columns} dataSource={view.rows} pagination={{ pageSize: 50, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} locale={{ emptyText: t('setup.assign.none') }} />
      {adding && <AddExpertDialog row={adding} view={view} onClose={() => setAdding(null)} />}
    </>
  );
}

function AddExpertDialog({ row, view, onClose }: { row: AssignmentRow; view: AssignmentsView; onClose: () => void }) {
  const { t } = useTranslation();
  const assign = useAssign();
  const [form] = Form.useForm<{ expertUserId: number; reason?: string }>();
  const taken = new Set(row.experts.map((e) => e.userId));
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    await assign.mutateAsync({ applicationId: row.applicationId, expertUserId: fields.expertUserId, ...(fields.reason?.trim() ? { reason: fields.reason.trim() } : {}) });
    onClose();
  });
  return (
    <Modal open title={t('setup.assign.addTitle', { who: `${row.name} (${row.applicantNumber})` })} okText={t('setup.assign.confirm')} okButtonProps={{ loading: assign.isPending }} cancelText={t('applications.cancel')} onOk={() => void submit()} onCancel={onClose}>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="expertUserId" label={t('file.assignments.expert')} rules={[{ required: true, message: t('setup.assign.pick') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={view.experts.filter((e) => !taken.has(e.userId)).map((e) => ({ value: e.userId, label: `${e.name}${e.external ? ` · ${t('setup.assign.external')}` : ''} (${e.assigned} / ${view.settings.maxLoad})` }))}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('setup.assign.reason')} extra={t('setup.assign.reasonHint')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
