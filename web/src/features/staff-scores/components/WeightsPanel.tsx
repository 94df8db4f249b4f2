import { useState } from 'react';
import { Alert, Button, InputNumber, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCORE_COMPONENTS, type ComputeFinalView, type ProgrammeWeightsView, type ScoreComponent } from '@gradus/contract/api/staff-scores';
import type { AdmissionArea } from '@gradus/contract/areas';
import { feedback } from '@/lib/feedback';
import { useLocalName } from '@/lib/local-name';
import { ReplyError } from '@/lib/request';
import { useViewer } from '@/lib/viewer';
import { useComputeFinal, useSaveWeights, useScoreWeights } from '../api/scores';
import { formulaOf } from '../score-text';

/**
 * The final score's weights per programme, each shown as its formula, and the act that computes
 * the final scores from them: written as versions, the applicants left out listed with why.
 */
export function WeightsPanel({ area, recruitYear }: { area: AdmissionArea; recruitYear: string }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const localName = useLocalName();
  const weights = useScoreWeights(viewer, area, recruitYear, Boolean(recruitYear));
  const compute = useComputeFinal();
  const [editing, setEditing] = useState<ProgrammeWeightsView | null>(null);
  const [result, setResult] = useState<ComputeFinalView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const askCompute = () =>
    feedback.modal.confirm({
      title: t('scores.final.confirmTitle', { year: recruitYear }),
      content: t('scores.final.confirmText'),
      okText: t('scores.final.compute'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setError(null);
        try {
          setResult(await compute.mutateAsync({ area, recruitYear }));
        } catch (err) {
          setError(err instanceof ReplyError ? err.message : t('scores.failed'));
        }
      },
    });

  const columns: TableColumnsType<ProgrammeWeightsView> = [
    { key: 'programme', title: t('scores.column.programme'), render: (_, r) => localName(r.programme) },
    { key: 'formula', title: t('scores.weights.formulaColumn'), render: (_, r) => (r.weights.length ? formulaOf(r.weights, t) : <span className="scores__hint">{t('scores.weights.notSet')}</span>) },
    {
      key: 'edit',
      title: t('scores.column.actions'),
      render: (_, r) => (
        <Button size="small" onClick={() => setEditing(r)} aria-label={t('scores.weights.editOf', { programme: localName(r.programme) })}>
          {t('scores.weights.edit')}
        </Button>
      ),
    },
  ];

  return (
    <section className="scores__weights" aria-labelledby="scores-weights-title">
      <h2 id="scores-weights-title" className="scores__heading">
        {t('scores.weights.title')}
      </h2>
      <p className="scores__hint">{t('scores.weights.lead')}</p>
      <Space wrap className="scores__filters">
        <Button type="primary" onClick={askCompute} loading={compute.isPending}>
          {t('scores.final.compute')}
        </Button>
      </Space>
      {weights.isError && <Alert className="scores__notice" type="error" showIcon title={t('scores.loadFailed')} />}
      {error && <Alert className="scores__notice" type="error" showIcon closable onClose={() => setError(null)} title={error} />}
      <Table<ProgrammeWeightsView> rowKey={(r) => r.programme.id} size="middle" scroll={{ x: 'max-content' }} columns={columns} dataSource={weights.data?.programmes ?? []} loading={weights.isLoading} pagination={false} />
      {editing && <WeightsDialog area={area} recruitYear={recruitYear} programme={editing} onClose={() => setEditing(null)} />}
      {result && (
        <Modal
          open
          title={t('scores.final.doneTitle')}
          onCancel={() => setResult(null)}
          footer={
            <Button type="primary" onClick={() => setResult(null)}>
              {t('common.close')}
            </Button>
          }
        >
          <p>{t('scores.final.done', { computed: result.computed, unchanged: result.unchanged, skipped: result.skipped.length })}</p>
          {result.skipped.length > 0 && (
            <ul className="scores__skipped">
              {result.skipped.map((s) => (
                <li key={s.applicantNumber}>
                  {s.applicantNumber} {s.name}: {t(`scores.final.skip.${s.reason}`, { missing: s.missing.map((k) => t(`scores.kind.${k}`)).join(t('scores.listSeparator')) })}
                </li>
              ))}
            </ul>
          )}
        </Modal>
      )}
    </section>
  );
}

function WeightsDialog({ area, recruitYear, programme, onClose }: { area: AdmissionArea; recruitYear: string; programme: ProgrammeWeightsView; onClose: () => void }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const save = useSaveWeights();
  const [values, setValues] = useState<Record<ScoreComponent, number | null>>(() => {
    const of = (kind: ScoreComponent) => programme.weights.find((w) => w.kind === kind)?.weight ?? null;
    return { language: of('language'), material: of('material'), assessment: of('assessment') };
  });
  const [error, setError] = useState<string | null>(null);
  const chosen = SCORE_COMPONENTS.flatMap((kind) => (values[kind] ? [{ kind, weight: values[kind] }] : []));
  const sum = chosen.reduce((s, w) => s + w.weight, 0);

  async function submit() {
    if (chosen.length > 0 && sum !== 100) return setError(t('scores.weights.sum', { sum }));
    try {
      await save.mutateAsync({ area, recruitYear, programmeId: programme.programme.id, weights: chosen });
      feedback.message.success(t('scores.weights.saved', { programme: localName(programme.programme) }));
      onClose();
    } catch (err) {
      setError(err instanceof ReplyError ? err.message : t('scores.failed'));
    }
  }

  return (
    <Modal open title={t('scores.weights.dialogTitle', { programme: localName(programme.programme) })} okText={t('scores.save')} cancelText={t('common.cancel')} okButtonProps={{ loading: save.isPending }} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <p className="scores__hint">{t('scores.weights.dialogLead')}</p>
      <div className="scores__weight-fields">
        {SCORE_COMPONENTS.map((kind) => (
          <label key={kind} className="scores__weight-field">
            <span>{t(`scores.kind.${kind}`)}</span>
            <InputNumber
              aria-label={t(`scores.kind.${kind}`)}
              min={0}
              max={100}
              step={1}
              precision={0}
              suffix="%"
              value={values[kind]}
              onChange={(v) => (setValues((old) => ({ ...old, [kind]: typeof v === 'number' ? v : null })), setError(null))}
              onPressEnter={() => void submit()}
            />
          </label>
        ))}
      </div>
      <p aria-live="polite">{chosen.length ? formulaOf(chosen, t) : t('scores.weights.notSet')}</p>
      <p className={sum === 100 || chosen.length === 0 ? 'scores__hint' : 'scores__error'}>{t('scores.weights.total', { sum })}</p>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}
