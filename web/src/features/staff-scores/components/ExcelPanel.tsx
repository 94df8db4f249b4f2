import { useState } from 'react';
import { Alert, Button, Space, Table, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SCORE_IMPORT_MAX_BYTES, type ScoreImportProblem, type ScoreImportView } from '@gradus/contract/api/staff-scores';
import { StaffButton } from '@gradus/contract/menus';
import { download } from '@/lib/download';
import { Permission } from '@/lib/permission';
import { ReplyError } from '@/lib/request';
import { importScores, scoreTemplate, scoresKey, type Cycle } from '../api/scores';

type Step = { kind: 'idle' } | { kind: 'checking' | 'importing'; file: File } | { kind: 'checked'; file: File; result: ScoreImportView } | { kind: 'imported'; result: ScoreImportView };

/**
 * Scores from Excel: the template of the current list; an upload is a dry run first, naming every
 * bad row and column; only a clean file can then be imported, all of it at once. The server checks
 * again on import (the file is sent again, never kept between the two).
 */
export function ExcelPanel({ cycle }: { cycle: Cycle }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const failure = (err: unknown) => setError(err instanceof ReplyError && err.message ? err.message : t('scores.excel.failed'));

  async function getTemplate() {
    setDownloading(true);
    setError(null);
    try {
      const { blob, fileName } = await scoreTemplate(cycle);
      download.save(blob, fileName);
    } catch (err) {
      failure(err);
    } finally {
      setDownloading(false);
    }
  }

  async function check(file: File) {
    setError(null);
    if (file.size > SCORE_IMPORT_MAX_BYTES) return setError(t('scores.excel.tooLarge', { mb: SCORE_IMPORT_MAX_BYTES / 1024 / 1024 }));
    setStep({ kind: 'checking', file });
    try {
      setStep({ kind: 'checked', file, result: await importScores(cycle, file, true) });
    } catch (err) {
      setStep({ kind: 'idle' });
      failure(err);
    }
  }

  async function runImport(file: File) {
    setError(null);
    setStep({ kind: 'importing', file });
    try {
      const result = await importScores(cycle, file, false);
      if (result.imported) {
        setStep({ kind: 'imported', result });
        await client.invalidateQueries({ queryKey: scoresKey() });
      } else setStep({ kind: 'checked', file, result });
    } catch (err) {
      setStep({ kind: 'idle' });
      failure(err);
    }
  }

  const checked = step.kind === 'checked' ? step.result : null;
  const counts = (r: ScoreImportView) => t('scores.excel.counts', { rows: r.rows, changes: r.changes, unchanged: r.unchanged, blank: r.blank });

  return (
    <section className="scores__excel" aria-labelledby="scores-excel-title">
      <h2 id="scores-excel-title" className="scores__heading">
        {t('scores.excel.title')}
      </h2>
      <p className="scores__hint">{t('scores.excel.lead')}</p>
      <Space wrap>
        <Button onClick={() => void getTemplate()} loading={downloading}>
          {t('scores.excel.template')}
        </Button>
        {/* A role denied the import (its F row) may still download the template; the server refuses an upload anyway. */}
        <Permission perms={StaffButton.SCORE_IMPORT}>
          <Upload accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" showUploadList={false} maxCount={1} beforeUpload={(file) => (void check(file), false)}>
            <Button type="primary" loading={step.kind === 'checking'}>
              {t('scores.excel.upload')}
            </Button>
          </Upload>
        </Permission>
      </Space>
      {error && <Alert className="scores__notice" type="error" showIcon closable onClose={() => setError(null)} title={error} role="alert" />}
      {checked && checked.problems.length === 0 && step.kind === 'checked' && (
        <Alert
          className="scores__notice"
          type={checked.changes > 0 ? 'info' : 'success'}
          showIcon
          title={checked.changes > 0 ? t('scores.excel.clean', { file: step.file.name }) : t('scores.excel.nothingToChange', { file: step.file.name })}
          description={counts(checked)}
          action={
            checked.changes > 0 ? (
              <Button type="primary" size="small" onClick={() => void runImport(step.file)}>
                {t('scores.excel.import', { count: checked.changes })}
              </Button>
            ) : undefined
          }
        />
      )}
      {checked && checked.problems.length > 0 && (
        <>
          <Alert
            className="scores__notice"
            type="error"
            showIcon
            title={t('scores.excel.problems', { count: checked.problems.length + checked.problemsOmitted })}
            description={checked.problemsOmitted > 0 ? t('scores.excel.omitted', { count: checked.problemsOmitted }) : t('scores.excel.nothingImported')}
          />
          <Table<ScoreImportProblem>
            className="scores__problems"
            size="small"
            rowKey={(p) => `${p.row}-${p.column}-${p.message}`}
            pagination={checked.problems.length > 20 ? { pageSize: 20 } : false}
            dataSource={checked.problems}
            columns={[
              { key: 'row', title: t('scores.excel.row'), dataIndex: 'row', width: 72 },
              { key: 'column', title: t('scores.excel.column'), dataIndex: 'column', width: 72 },
              { key: 'message', title: t('scores.excel.problem'), dataIndex: 'message' },
            ]}
          />
        </>
      )}
      {step.kind === 'importing' && <Alert className="scores__notice" type="info" showIcon title={t('scores.excel.importing')} />}
      {step.kind === 'imported' && <Alert className="scores__notice" type="success" showIcon title={t('scores.excel.imported', { count: step.result.changes })} description={counts(step.result)} />}
    </section>
  );
}
