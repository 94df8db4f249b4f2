import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormEditorState } from './useFormEditor';
import { SaveIndicator } from './SaveIndicator';

/** Below the form: why a save was refused, why submitting failed, and the Save and Submit bar that stays in reach. */
export function FormActions({ editor, submissionOpen, onReload }: { editor: FormEditorState; submissionOpen: boolean; onReload: () => void }) {
  const { t } = useTranslation();
  const { autosave, blocked, submitting, submitError, returned } = editor;
  return (
    <>
      {(autosave.state === 'conflict' || autosave.state === 'refused') && (
        <Alert
          type={autosave.state === 'conflict' ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={autosave.message}
          className="application-form__notice"
          action={
            autosave.state === 'conflict' ? (
              <Button size="small" onClick={onReload}>
                {t('form.reload')}
              </Button>
            ) : null
          }
        />
      )}
      {submitError && <Alert type="error" showIcon role="alert" title={t('form.submit.notSubmitted')} description={submitError} className="application-form__notice" />}
      <div className="application-form__actions">
        <SaveIndicator state={autosave.state} savedAt={autosave.savedAt} />
        <div className="application-form__buttons">
          <Button onClick={() => void editor.saveDraftNow()} disabled={blocked} loading={autosave.state === 'saving' && !submitting}>
            {t('form.save.button')}
          </Button>
          <Button type="primary" onClick={() => void editor.askSubmit()} disabled={blocked || !submissionOpen} loading={submitting}>
            {returned ? t('form.submit.resubmit') : t('form.submit.button')}
          </Button>
        </div>
      </div>
    </>
  );
}
