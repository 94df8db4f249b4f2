import type { ReactNode } from 'react';
import { Alert, Form, Input, Modal, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MATERIAL_REVIEW_STAGE } from '@gradus/contract/api/staff-scoring';
import type { BatchResult } from '@gradus/contract/api/staff-batch';
import { useBatchAssign, useBatchDecide, useBatchReturn } from '../../api/batch';
import { useAssignments } from '../../api/expert-review';
import { selectionBody, type BatchSelection } from '../../batch-selection';
import { useDialogSubmit } from '@/lib/ui/useDialogSubmit';
import type { AdmissionArea } from '@gradus/contract/areas';
import { ReturnFields, returnInitialValues, untilOf, type ReturnFieldValues } from '../review/ReturnFields';

export type BatchAction = 'pass' | 'fail' | 'return' | 'assign';

interface Props {
  action: BatchAction;
  selection: BatchSelection;
  count: number;
  viewer: string;
  /** The list's area filter, if any: its form's sections are the ones a return offers. */
  area?: AdmissionArea | undefined;
  onClose: () => void;
  onDone: (result: BatchResult) => void;
}

/**
 * The confirmation of a batch: what it does, to how many applications, with the fields the single
 * action asks for. Sent once confirmed; a refusal of the whole batch (bad input, a filter too wide)
 * is shown here and the dialog stays; the per-application outcome is shown after.
 */
export function BatchDialog(props: Props) {
  switch (props.action) {
    case 'pass':
    case 'fail':
      return <DecideDialog {...props} outcome={props.action} />;
    case 'return':
      return <ReturnBatchDialog {...props} />;
    case 'assign':
      return <AssignBatchDialog {...props} />;
  }
}

function Frame({ title, okText, danger, pending, count, error, onOk, onCancel, children }: { title: string; okText: string; danger?: boolean; pending: boolean; count: number; error: string | null; onOk: () => void; onCancel: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Modal open title={title} okText={okText} okButtonProps={{ danger, loading: pending }} cancelText={t('applications.cancel')} onOk={onOk} onCancel={onCancel} destroyOnHidden>
      <Typography.Paragraph>{t('batch.applies', { count })}</Typography.Paragraph>
      {children}
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

function DecideDialog({ outcome, selection, count, onClose, onDone }: Props & { outcome: 'pass' | 'fail' }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const decide = useBatchDecide();
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    const reason = fields.reason?.trim();
    onDone(await decide.mutateAsync({ ...selectionBody(selection), outcome, ...(outcome === 'fail' && reason ? { reason } : {}) }));
  });
  return (
    <Frame
      title={t(`batch.${outcome}.title`, { count })}
      okText={t(`batch.${outcome}.confirm`)}
      danger={outcome === 'fail'}
      pending={decide.isPending}
      count={count}
      error={error}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        {outcome === 'fail' && (
          <Form.Item
            name="reason"
            label={t('review.fail.reason')}
            extra={t('review.fail.reasonHint')}
            rules={[
              { required: true, whitespace: true, message: t('review.reasonRequired') },
              { max: 500, message: t('review.reasonTooLong', { max: 500 }) },
            ]}
          >
            <Input.TextArea autoFocus rows={3} maxLength={501} />
          </Form.Item>
        )}
      </Form>
    </Frame>
  );
}

function ReturnBatchDialog({ selection, count, area, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReturnFieldValues>();
  const send = useBatchReturn();
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    onDone(await send.mutateAsync({ ...selectionBody(selection), sections: fields.sections, reason: fields.reason.trim(), until: untilOf(fields.until) }));
  });
  return (
    <Frame title={t('batch.return.title', { count })} okText={t('batch.return.confirm')} pending={send.isPending} count={count} error={error} onOk={() => void submit()} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={returnInitialValues()} onFinish={() => void submit()}>
        <ReturnFields {...(area ? { area } : {})} />
      </Form>
    </Frame>
  );
}

function AssignBatchDialog({ selection, count, viewer, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ expertUserId: number; reason?: string }>();
  const assign = useBatchAssign();
  // The experts and their loads, as the review's assignments tab shows them.
  const view = useAssignments(viewer, undefined);
  const { submit, error } = useDialogSubmit(form, async (fields) => {
    const reason = fields.reason?.trim();
    onDone(await assign.mutateAsync({ ...selectionBody(selection), stage: MATERIAL_REVIEW_STAGE, expertUserId: fields.expertUserId, ...(reason ? { reason } : {}) }));
  });
  const maxLoad = view.data?.settings.maxLoad ?? 0;
  return (
    <Frame title={t('batch.assign.title', { count })} okText={t('batch.assign.confirm')} pending={assign.isPending} count={count} error={error} onOk={() => void submit()} onCancel={onClose}>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="expertUserId" label={t('file.assignments.expert')} rules={[{ required: true, message: t('setup.assign.pick') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={view.isLoading}
            notFoundContent={view.isLoading ? <Spin size="small" /> : undefined}
            options={(view.data?.experts ?? []).map((e) => ({ value: e.userId, label: `${e.name}${e.external ? ` · ${t('setup.assign.external')}` : ''} (${e.assigned} / ${maxLoad})` }))}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('setup.assign.reason')} extra={t('batch.assign.reasonHint')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Frame>
  );
}
