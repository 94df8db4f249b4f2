import { useState } from 'react';
import { Alert, Descriptions, Input, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RECHECK_REASON_MAX, type AdmissionArea, type RecheckOutcome, type RecheckRowView } from '@gradus/contract';
import { useAnswerRecheck } from '../api/rechecks';

const DECIMAL = /^\d{1,4}(\.\d{1,2})?$/;

/**
 * Answering one request: "no change" with an explanation, or "corrected" with the new score (at
 * most full marks, not the score already recorded). What the page can tell is refused before
 * sending; the server's refusal shows in the dialog and nothing changes.
 */
export function AnswerDialog({ area, row, onClose }: { area: AdmissionArea; row: RecheckRowView; onClose: () => void }) {
  const { t } = useTranslation();
  const answer = useAnswerRecheck();
  const [outcome, setOutcome] = useState<RecheckOutcome>('unchanged');
  const [text, setText] = useState('');
  const [score, setScore] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (!text.trim()) return setProblem(t('rechecks.answerRequired'));
    if (outcome === 'corrected') {
      if (!DECIMAL.test(score.trim())) return setProblem(t('rechecks.scoreInvalid'));
      if (Number(score) > Number(row.maxScore)) return setProblem(t('rechecks.aboveMax', { max: row.maxScore }));
    }
    setProblem(null);
    answer.mutate(
      { area, id: row.id, outcome, answer: text.trim(), ...(outcome === 'corrected' ? { score: score.trim() } : {}) },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal open title={t('rechecks.answerTitle', { name: row.name, number: row.applicantNumber })} okText={t('rechecks.send')} cancelText={t('rechecks.cancel')} onOk={submit} onCancel={onClose} confirmLoading={answer.isPending}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'kind', label: t('rechecks.column.kind'), children: t(`rechecks.kind.${row.kind}`) },
          { key: 'score', label: t('rechecks.column.score'), children: t('rechecks.outOf', { score: row.currentScore ?? row.oldScore, max: row.maxScore }) },
          { key: 'reason', label: t('rechecks.column.reason'), children: row.reason },
        ]}
      />
      <Radio.Group
        className="rechecks__outcome"
        aria-label={t('rechecks.outcomeChoice')}
        value={outcome}
        onChange={(e) => setOutcome(e.target.value as RecheckOutcome)}
        options={[
          { value: 'unchanged', label: t('rechecks.outcome.unchanged') },
          { value: 'corrected', label: t('rechecks.outcome.corrected') },
        ]}
      />
      {outcome === 'corrected' && (
        <label className="rechecks__field">
          <Typography.Text>{t('rechecks.newScore', { max: row.maxScore })}</Typography.Text>
          <Input aria-label={t('rechecks.newScore', { max: row.maxScore })} value={score} inputMode="decimal" onChange={(e) => setScore(e.target.value)} />
        </label>
      )}
      <label className="rechecks__field">
        <Typography.Text>{t('rechecks.answer')}</Typography.Text>
        <Input.TextArea aria-label={t('rechecks.answer')} value={text} rows={3} maxLength={RECHECK_REASON_MAX} showCount onChange={(e) => setText(e.target.value)} />
      </label>
      <Typography.Paragraph type="secondary">{t('rechecks.mailHint')}</Typography.Paragraph>
      {(problem || answer.isError) && <Alert type="error" showIcon title={problem ?? answer.error?.message} />}
    </Modal>
  );
}
