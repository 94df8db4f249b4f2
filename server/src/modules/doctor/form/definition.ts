import {
  completeSectionSchemasFor,
  DOCTOR_AREA,
  draftSectionSchemas,
  FORM_LIMITS,
  FORM_SECTIONS,
  futureMonthIssues,
  monthAt,
  REQUIRED_SECTIONS,
  saveDraftRequest,
  type DraftSections,
  type FormSection,
} from '@gradus/contract';
import { FORM_MESSAGES, type FormDefinition } from '../../application-form/definition';
import { missingRequiredMaterials } from '../journey/service';
import { cycleOf } from '../journey/releases';
import { intendedIssues } from './catalogue';
import { submissionWindow } from './window';

const intendedOf = (sections: Partial<Record<FormSection, unknown>>) => (sections as DraftSections).intended;

/** The doctoral registration form (issue #4) as the form engine runs it. */
export const doctorForm: FormDefinition<FormSection> = {
  area: DOCTOR_AREA,
  sections: FORM_SECTIONS,
  required: REQUIRED_SECTIONS,
  draftSchemas: draftSectionSchemas,
  saveDraftRequest,
  completeSchemas: (applicant) => completeSectionSchemasFor(applicant.registerType),
  clockIssues: (sections, now) => futureMonthIssues(sections as DraftSections, monthAt(now)),
  catalogueIssues: async (db, sections) => {
    const intended = intendedOf(sections);
    return intended ? intendedIssues(db, intended) : [];
  },
  choiceColumns: async (_db, sections) => {
    const intended = intendedOf(sections);
    return { department_id: intended?.departmentId ?? null, programme_id: intended?.programmeId ?? null, supervisor_id: intended?.supervisorId ?? null };
  },
  submissionWindow: (db, now, applicant) => submissionWindow(db, now, cycleOf(applicant), applicant.recruitYear),
  missingMaterials: missingRequiredMaterials,
  materialLabel: (category) => `form.material.${category}`,
  labels: {
    section: (section) => `form.section.${section}`,
    field: (field) => [`form.field.${field}`],
    bounds: (section) => {
      const rows = section && section in FORM_LIMITS.rows ? FORM_LIMITS.rows[section as keyof typeof FORM_LIMITS.rows] : null;
      return { min: FORM_LIMITS.planMin, max: rows ? rows.max : FORM_LIMITS.planMax };
    },
  },
  messages: FORM_MESSAGES,
};
