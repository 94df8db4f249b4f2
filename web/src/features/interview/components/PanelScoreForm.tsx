import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PanelApplicantView, PanelSessionView } from '@gradus/contract/api/staff-interview';
import { decimalOf, weightedTotal } from '@gradus/contract/scoring';
import { feedback } from '@/lib/feedback';
import { ReplyError } from '@/lib/request';
import { useSaveScore } from '../api/interview';
import { useLocalName } from '@/lib/local-name';

const DECIMAL = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * One applicant on the programme's sheet: a large field per item with its range, the weighted
 * total as it is typed, a comment, then "Save draft" or "Submit". A submitted score (or a locked
 * session) is shown, not edited.
 */
export function PanelScoreForm({ view, applicant, locked }: { view: PanelSessionView; applicant: PanelApplicantView; locked: boolean }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const save = useSaveScore();
  const [form] = Form.useForm<{ scores: Record<string, string>; comment: string }>();
  const scores = Form.useWatch('scores', form) ?? applicant.mine.scores;
  const [error, setError] = useState<string | null>(null);
  const sheet = view.sheet;
  if (!sheet) return <Alert type="warning" showIcon title={t('interview.noSheet')} />;
  const valid = Object.fromEntries(Object.entries(scores).filter(([, v]) => typeof v === 'string' && DECIMAL.test(v)));
  const total = weightedTotal(sheet.items, valid);
  const submitted = applicant.mine.status === 'submitted';
  const readOnly = locked || submitted;

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
      await save.mutateAsync({ sessionId: view.id, applicationId: applicant.applicationId, scores: given, comment: fields.comment ?? '', submit, version: applicant.mine.version });
      feedback.message.success(t(submit ? 'interview.submitted' : 'interview.draftSaved'));
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('interview.failed'));
    }
  };

  return (
    <Form form={form} layout="vertical" disabled={readOnly} initialValues={{ scores: applicant.mine.scores, comment: applicant.mine.comment }} className="panel-score">
      <div className="panel-score__items">
        {sheet.items.map((item) => {
          const range = `${item.min ?? '0'}–${item.max}`;
          return (
            <Form.Item
              key={item.key}
              name={['scores', item.key]}
              label={`${localName(item)} (${range}${item.weight !== '1' ? `, ×${item.weight}` : ''})`}
              rules={[
                { required: true, message: t('interview.itemRequired') },
                { pattern: DECIMAL, message: t('interview.itemFormat') },
                {
                  validator: (_, v?: string) =>
                    v && DECIMAL.test(v) && (Number(v) > Number(item.max) || Number(v) < Number(item.min ?? '0'))
                      ? Promise.reject(new Error(t('interview.itemRange', { min: item.min ?? '0', max: item.max })))
                      : Promise.resolve(),
                },
              ]}
            >
              <Input inputMode="decimal" autoComplete="off" size="large" className="panel-score__input" />
            </Form.Item>
          );
        })}
      </div>
      <p className="panel-score__total" aria-live="polite">
        {t('interview.total', { total: decimalOf(Math.round(total / 100)), max: sheet.maximum })}
      </p>
      <Form.Item name="comment" label={t('interview.comment')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      {error && <Alert className="scores-review__notice" type="error" showIcon title={error} />}
      {submitted && <p className="panel-score__final">{t('interview.submittedFinal')}</p>}
      {!readOnly && (
        <div className="panel-score__buttons">
          <Button size="large" onClick={() => void send(false)} loading={save.isPending}>
            {t('interview.saveDraft')}
          </Button>
          <Button size="large" type="primary" onClick={() => void send(true)} loading={save.isPending}>
            {t('interview.submit')}
          </Button>
        </div>
      )}
    </Form>
  );
}
