import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScoringView } from '@gradus/contract/api/staff-scoring';
import { decimalOf, weightedTotal } from '@gradus/contract/scoring';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useSaveScore } from '../../api/expert-review';
import { useLocalName } from '@/lib/local-name';

const DECIMAL = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * The score sheet as a form: one field per item with its range, the weighted total as it is typed,
 * a comment, then "Save draft" or "Submit". The office corrects a named expert's score with a reason.
 */
export function ScoreForm({ view }: { view: ScoringView }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const save = useSaveScore();
  const office = view.reasonRequired;
  // The office corrects what experts submitted; drafts are still the experts' own.
  const corrections = (view.others ?? []).filter((o) => o.expertUserId !== undefined && o.status === 'submitted');
  const [expertUserId, setExpertUserId] = useState<number | undefined>(office ? corrections[0]?.expertUserId : undefined);
  const editing = office ? corrections.find((c) => c.expertUserId === expertUserId) : view.mine;
  const [form] = Form.useForm<{ scores: Record<string, string>; comment: string; reason?: string }>();
  const scores = Form.useWatch('scores', form) ?? {};
  const [error, setError] = useState<string | null>(null);
  const sheet = view.sheet;
  if (!sheet) return <Alert type="warning" showIcon title={t('scoring.noSheet')} />;
  if (office && corrections.length === 0) return <Alert type="info" showIcon title={t('scoring.nothingToCorrect')} />;
  const valid = Object.fromEntries(Object.entries(scores).filter(([, v]) => typeof v === 'string' && DECIMAL.test(v)));
  const total = weightedTotal(sheet.items, valid);
  const submitted = editing?.status === 'submitted';
  const locked = !view.editable;

  const send = async (submit: boolean) => {
    // A draft may leave items empty; what is typed must still be a score in range.
    const filled = sheet.items.filter((i) => (form.getFieldValue(['scores', i.key]) ?? '') !== '').map((i) => ['scores', i.key]);
    const fields = submit
      ? await form.validateFields().catch(() => null)
      : await form
          .validateFields(filled)
          .then(() => form.getFieldsValue())
          .catch(() => null);
    if (!fields) return;
    setError(null);
    const given = Object.fromEntries(Object.entries(fields.scores ?? {}).filter(([, v]) => v !== undefined && v !== ''));
    try {
      await save.mutateAsync({
        applicationId: view.applicationId,
        scores: given,
        comment: fields.comment ?? '',
        submit,
        version: office ? editingVersion(view, expertUserId) : view.mine.version,
        ...(office ? { expertUserId, reason: fields.reason } : {}),
      });
      feedback.message.success(t(submit ? 'scoring.submitted' : 'scoring.saved'));
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('review.failed'));
    }
  };

  return (
    <Form
      key={`${expertUserId ?? 'mine'}:${editing?.submittedAt ?? ''}`}
      form={form}
      layout="vertical"
      disabled={locked}
      initialValues={{ scores: editing?.scores ?? {}, comment: editing?.comment ?? '' }}
      className="score-form"
    >
      {office && (
        <Form.Item label={t('scoring.correctWhose')}>
          <Select value={expertUserId} onChange={setExpertUserId} options={corrections.map((c) => ({ value: c.expertUserId!, label: c.expertName }))} aria-label={t('scoring.correctWhose')} />
        </Form.Item>
      )}
      {sheet.items.map((item) => {
        const range = `${item.min ?? '0'}–${item.max}`;
        const label = `${localName(item)} (${range}${item.weight !== '1' ? `, ×${item.weight}` : ''})`;
        return (
          <Form.Item
            key={item.key}
            name={['scores', item.key]}
            label={label}
            rules={[
              { required: true, message: t('scoring.itemRequired') },
              { pattern: DECIMAL, message: t('scoring.itemFormat') },
              {
                validator: (_, v?: string) =>
                  v && DECIMAL.test(v) && (Number(v) > Number(item.max) || Number(v) < Number(item.min ?? '0'))
                    ? Promise.reject(new Error(t('scoring.itemRange', { min: item.min ?? '0', max: item.max })))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" className="score-form__input" />
          </Form.Item>
        );
      })}
      <p className="score-form__total" aria-live="polite">
        {t('scoring.total', { total: decimalOf(Math.round(total / 100)), max: sheet.maximum })}
      </p>
      <Form.Item name="comment" label={t('scoring.comment')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      {office && (
        <Form.Item name="reason" label={t('scoring.correctionReason')} rules={[{ required: true, whitespace: true, message: t('review.reasonRequired') }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      )}
      {error && <Alert className="file__notice" type="error" showIcon title={error} />}
      {!locked && (
        <Space wrap>
          {!submitted && !office && (
            <Button onClick={() => void send(false)} loading={save.isPending}>
              {t('scoring.saveDraft')}
            </Button>
          )}
          <Button type="primary" onClick={() => void send(true)} loading={save.isPending}>
            {t(office ? 'scoring.saveCorrection' : 'scoring.submit')}
          </Button>
        </Space>
      )}
    </Form>
  );
}

/** The stored version of the expert's score the office corrects (the office's view carries each). */
function editingVersion(view: ScoringView, expertUserId: number | undefined): number {
  return (view.others ?? []).find((o) => o.expertUserId === expertUserId)?.version ?? 0;
}
