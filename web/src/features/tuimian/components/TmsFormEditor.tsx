import { useMemo, type ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  TMS_DEGREE_PROGRAMMES,
  TMS_FORM_LIMITS,
  TMS_FORM_SECTIONS,
  tmsCompleteSectionSchemas,
  type TmsCatalogueView,
  type TmsDraftSectionsInput,
  type TmsFormDetailView,
  type TmsFormSection,
} from '@gradus/contract/tuimian/form';
import { AwardFields, ContactFields, EnglishFields, ResearchFields, StatementField, UndergraduateFields } from '@/lib/form/sections';
import { FormEditorFrame } from '@/lib/form/FormEditorFrame';
import { SectionCard } from '@/lib/form/SectionCard';
import { useFormEditor } from '@/lib/form/useFormEditor';
import { findTmsProgramme } from '@/lib/tuimian/catalogue';
import { useTmsCatalogue } from '../api/catalogue';
import { tmsFormDetailKey } from '../api/formDetail';
import { saveTmsDraft } from '../api/saveDraft';
import { submitTmsForm } from '../api/submitForm';
import { TMS_MATERIALS_PATH } from '../links';
import { tmsLocalCopies } from '../local-copy';
import { ChoiceFields } from './sections/ChoiceFields';
import { RecommendationFields } from './sections/RecommendationFields';

/** What the form starts from: the saved sections, contact from registration until the applicant gives theirs. */
function initialValues(detail: TmsFormDetailView): TmsDraftSectionsInput {
  const s = detail.sections as TmsDraftSectionsInput;
  return { ...s, contact: s.contact ?? { mobile: detail.personal.mobile ?? undefined, email: detail.personal.email ?? undefined } };
}

/**
 * What a higher choice makes stale below it: a degree type of another degree drops the programme (and
 * what hangs on it), a new programme the direction and supervisor, a new direction the supervisor.
 */
function clearLowerChoice(form: FormInstance<TmsDraftSectionsInput>, changed: TmsDraftSectionsInput, catalogue: TmsCatalogueView | undefined) {
  const choice = changed.choice;
  if (!choice) return;
  const clear = (...fields: (keyof typeof choice)[]) => fields.forEach((f) => form.setFieldValue(['choice', f], undefined));
  if ('degreeType' in choice && choice.degreeType) {
    const found = findTmsProgramme(catalogue, form.getFieldValue(['choice', 'programmeId']) as number | undefined);
    if (found && found.programme.degree !== TMS_DEGREE_PROGRAMMES[choice.degreeType]) clear('programmeId', 'directionId', 'supervisorId');
  }
  if ('programmeId' in choice) clear('directionId', 'supervisorId');
  if ('directionId' in choice) clear('supervisorId');
}

/** The tuimian applicant's editable form (draft or returned), with autosave and submission as every form has. */
export function TmsFormEditor({ detail, onReload }: { detail: TmsFormDetailView; onReload: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TmsDraftSectionsInput>();
  const catalogue = useTmsCatalogue();
  const initial = useMemo(() => initialValues(detail), [detail]);
  const editor = useFormEditor<TmsDraftSectionsInput, TmsFormSection>({
    form,
    registerNo: detail.personal.registerNo,
    detail,
    sections: TMS_FORM_SECTIONS,
    initial,
    store: tmsLocalCopies,
    saveDraft: saveTmsDraft,
    submitForm: submitTmsForm,
    detailKey: tmsFormDetailKey,
    locks: [t('tms.submit.locks.sections'), t('form.submit.locks.materials'), t('tms.submit.locks.choice')],
  });

  const onValuesChange = (changed: TmsDraftSectionsInput) => {
    clearLowerChoice(form, changed, catalogue.data);
    editor.autosave.edited();
  };

  const section = (key: TmsFormSection, body: ReactNode) => (
    <SectionCard id={key} title={t(`tmsForm.section.${key}`)} returned={editor.returned} locked={!editor.editable.includes(key)}>
      {body}
    </SectionCard>
  );
  const { rows } = TMS_FORM_LIMITS;

  return (
    <FormEditorFrame
      editor={editor}
      detail={detail}
      form={form}
      name="tmsApplicationForm"
      initial={initial}
      onValuesChange={onValuesChange}
      sectionName={(s) => t(`tmsForm.section.${s}`)}
      materialsPath={TMS_MATERIALS_PATH}
      onReload={onReload}
    >
      {section('contact', <ContactFields shape={tmsCompleteSectionSchemas.contact.shape} hmt={false} />)}
      {section('undergraduate', <UndergraduateFields />)}
      {section('recommendation', <RecommendationFields catalogue={catalogue.data} />)}
      {section('english', <EnglishFields {...rows.english} />)}
      {section('research', <ResearchFields {...rows.research} />)}
      {section('awards', <AwardFields {...rows.awards} />)}
      {section('choice', <ChoiceFields catalogue={catalogue.data} failed={catalogue.isError} />)}
      {section('statement', <StatementField />)}
    </FormEditorFrame>
  );
}
