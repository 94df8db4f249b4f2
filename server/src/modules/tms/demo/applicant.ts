import { Readable } from 'node:stream';
import { IdType, RegisterType, TMS_AREA, type TmsDraftSectionsInput } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { DEMO_PASSWORD, withCheckDigit } from '../../../db/seed/demo';
import { demoPdf } from '../../../db/seed/demo-pdf';
import { hashSecret, normalizeAnswer } from '../../../lib/passwords';
import type { Applicant } from '../../admissions/applicant';
import { commitUpload, planUpload, receiveMaterial } from '../../materials/service';
import { createApplicant } from '../../user/repo';
import { saveTmsDraft, submitTmsForm } from '../form/service';
import { TMS_MATERIALS } from '../materials/area';
import { tmsMissingMaterials } from '../materials/required';

/** Who a demo tuimian applicant is: the number is checked, as the start-up banner and the README name it. */
export interface DemoTuimianPerson {
  number: string;
  name: string;
  /** The ID number's first 17 digits (the check digit is computed). */
  idFirst17: string;
  // As the ID number's 17th digit says: '0' male, '1' female (the portal's codes).
  sex: '0' | '1';
  email: string;
  mobile: string;
  /** The answer to the security question (the city of their primary school). */
  primarySchoolCity: string;
}

/**
 * A tuimian applicant with a submitted form and every required material, through the portal's own
 * services (so every row is as the real steps write it): the start of each demo tuimian story past
 * registration. The form names a programme of the demo catalogue and its first research direction.
 */
export async function seedSubmittedTuimian(
  ctx: AppContext,
  recruitYear: string,
  person: DemoTuimianPerson,
  sections: (ids: { programmeId: number; directionId: number }) => TmsDraftSectionsInput,
  programmeCode: string,
): Promise<{ applicant: Applicant; formId: number }> {
  const now = ctx.clock.now();
  const account = await createApplicant(ctx.db, now, {
    registerType: RegisterType.TUIMIAN,
    name: person.name,
    idType: IdType.MAINLAND_ID,
    idNumber: withCheckDigit(person.idFirst17),
    sex: person.sex,
    email: person.email,
    mobile: person.mobile,
    recruitYear,
    passwordHash: await hashSecret(DEMO_PASSWORD),
    securityQuestion: 'In which city was your primary school?',
    securityAnswerHash: await hashSecret(normalizeAnswer(person.primarySchoolCity)),
  });
  if (account.number !== person.number) throw new Error(`the tuimian demo applicant ${person.name} got ${account.number}, not ${person.number}`);
  const a: Applicant = { userId: account.userId, recruitYear, area: TMS_AREA, registerType: RegisterType.TUIMIAN, applicantNumber: account.number, name: person.name };
  const programme = await ctx.db.selectFrom('programme').select('id').where('code', '=', programmeCode).executeTakeFirstOrThrow();
  const direction = await ctx.db.selectFrom('research_direction').select('id').where('programme_id', '=', programme.id).orderBy('code').executeTakeFirstOrThrow();
  const saved = await saveTmsDraft(ctx, a, 'zh-CN', { version: 0, sections: sections({ programmeId: programme.id, directionId: direction.id }) });
  for (let missing = await tmsMissingMaterials(ctx.db, a); missing.length > 0; missing = await tmsMissingMaterials(ctx.db, a)) {
    for (const category of missing) {
      const plan = await planUpload(ctx, TMS_MATERIALS, a, { category });
      const received = await receiveMaterial(ctx, plan, Readable.from([demoPdf(`${a.applicantNumber} ${category}`)]), `${category}.pdf`);
      await commitUpload(ctx, TMS_MATERIALS, a, plan, received);
    }
  }
  await submitTmsForm(ctx, a, 'zh-CN', { version: saved.version });
  const form = await ctx.db.selectFrom('application_form').select('id').where('user_id', '=', a.userId).where('area', '=', TMS_AREA).executeTakeFirstOrThrow();
  return { applicant: a, formId: form.id };
}
