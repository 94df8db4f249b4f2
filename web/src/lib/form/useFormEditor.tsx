import { useEffect, useMemo, useState } from 'react';
import { Modal, type FormInstance } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReplyCode } from '@gradus/contract/codes';
import type { SaveDraftResponse, SubmitFormResponse } from '@gradus/contract/forms/fields';
import { feedback } from '@/lib/feedback';
import { promptRelogin, ReplyError } from '@/lib/request';
import type { FormStateView } from './FormNotices';
import type { LocalCopy, LocalCopyStore } from './local-copy';
import { useAutosave } from './useAutosave';

export interface FormEditorOptions<D, S extends string> {
  form: FormInstance<D>;
  registerNo: string;
  detail: FormStateView<S>;
  /** Every section of the area's form: all editable unless the form was returned. */
  sections: readonly S[];
  initial: D;
  store: LocalCopyStore<D, S>;
  saveDraft: (body: { version: number; sections: D }) => Promise<SaveDraftResponse>;
  submitForm: (body: { version: number }) => Promise<SubmitFormResponse>;
  /** The detail query refetched after a submission (or a submission whose reply was lost). */
  detailKey: QueryKey;
  /** What submitting locks, one line each, for the confirmation. */
  locks: string[];
}

/**
 * Everything an area's form editor does besides its fields: autosave, the unsent copy offered back,
 * Save draft, and Submit behind a confirmation that says what submitting locks.
 */
export function useFormEditor<D extends object, S extends string>(o: FormEditorOptions<D, S>) {
  const { t } = useTranslation();
  const { form, registerNo, detail, store } = o;
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const returned = detail.status === 'returned';
  const editable: readonly S[] = useMemo(() => (returned ? detail.reopenedSections : o.sections), [returned, detail.reopenedSections, o.sections]);
  const autosave = useAutosave<D, S>({ registerNo, version: detail.version, savedAt: detail.savedAt, editable, read: () => form.getFieldsValue(true) as D, saveDraft: o.saveDraft, store });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // An unsent copy from an earlier visit that differs from what the server holds is offered back.
  const [restorable, setRestorable] = useState<LocalCopy<D> | null>(() => {
    const copy = store.read(registerNo);
    return copy && store.canonical(copy.sections, editable) !== store.canonical(o.initial, editable) ? copy : null;
  });
  useEffect(() => {
    if (!restorable) store.clear(registerNo);
    // Only on arrival: later the copy belongs to the edits of this visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const restore = () => {
    if (!restorable) return;
    form.setFieldsValue(restorable.sections as Parameters<typeof form.setFieldsValue>[0]);
    setRestorable(null);
    autosave.edited();
  };
  const discard = () => {
    store.clear(registerNo);
    setRestorable(null);
  };

  const saveDraftNow = async () => {
    if (await autosave.saveNow()) feedback.message.success(t('form.save.done'));
  };

  const doSubmit = async () => {
    setSubmitting(true);
    try {
      if (!(await autosave.saveNow())) {
        setSubmitError(t('form.submit.saveFirst'));
        return;
      }
      await o.submitForm({ version: autosave.version() });
      store.clear(registerNo);
      feedback.message.success(t('form.submit.done'));
      await queryClient.invalidateQueries({ queryKey: o.detailKey });
    } catch (err) {
      setSubmitError(err instanceof ReplyError ? err.message : t('form.submit.failed'));
      if (err instanceof ReplyError && err.code === ReplyCode.SESSION_EXPIRED) promptRelogin();
      // "Already submitted" or no reply at all: the submit may have gone through (its reply lost).
      // Ask the server, so the page shows the submitted form rather than an error and a live editor.
      else if (!(err instanceof ReplyError) || err.code === ReplyCode.CONFLICT) await queryClient.invalidateQueries({ queryKey: o.detailKey });
    } finally {
      setSubmitting(false);
    }
  };

  const askSubmit = async () => {
    setSubmitError(null);
    try {
      await form.validateFields();
    } catch (err) {
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      setSubmitError(t('form.submit.fixFields'));
      return;
    }
    void modal.confirm({
      title: t('form.submit.confirmTitle'),
      content: (
        <div>
          <p>{t('form.submit.confirmLead')}</p>
          <ul className="application-form__lock-list">
            {o.locks.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>{t('form.submit.confirmAfter')}</p>
        </div>
      ),
      okText: t('form.submit.confirmOk'),
      cancelText: t('common.cancel'),
      onOk: doSubmit,
    });
  };

  return { autosave, editable, returned, restorable, restore, discard, saveDraftNow, askSubmit, submitError, submitting, modalHolder, blocked: autosave.state === 'conflict' };
}

export type FormEditorState = ReturnType<typeof useFormEditor>;
