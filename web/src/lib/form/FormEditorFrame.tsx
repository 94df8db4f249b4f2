import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import type { FormPersonalView } from '@gradus/contract/forms/fields';
import { PersonalCard } from '@/lib/ui/PersonalCard';
import { FormActions } from './FormActions';
import { FormNotices, type FormStateView } from './FormNotices';
import type { FormEditorState } from './useFormEditor';

interface Props<D> {
  editor: FormEditorState;
  detail: FormStateView & { personal: FormPersonalView };
  form: FormInstance<D>;
  /** The form's name: the prefix of its fields' ids. */
  name: string;
  initial: D;
  onValuesChange: (changed: Partial<D>) => void;
  sectionName: (section: string) => string;
  materialsPath: string;
  onReload: () => void;
  /** The area's section cards. */
  children: ReactNode;
}

/** Every area's editor around its sections: notices, the registration details, the form, and the save and submit bar. */
export function FormEditorFrame<D extends object>({ editor, detail, form, name, initial, onValuesChange, sectionName, materialsPath, onReload, children }: Props<D>) {
  return (
    <>
      {editor.modalHolder}
      <FormNotices detail={detail} restorable={editor.restorable} onRestore={editor.restore} onDiscard={editor.discard} sectionName={sectionName} materialsPath={materialsPath} />
      <PersonalCard personal={detail.personal} />
      <Form<D> form={form} layout="vertical" name={name} initialValues={initial} onValuesChange={onValuesChange} disabled={editor.blocked} scrollToFirstError>
        {children}
      </Form>
      <FormActions editor={editor} submissionOpen={detail.submission.open} onReload={onReload} />
    </>
  );
}
