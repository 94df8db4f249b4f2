import { maskIdNumber, ReplyCode, type DraftSections, type Language } from '@gradus/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { createPdf, labelledRows, pdfBuffer, type Pdf } from '../../../lib/pdf';
import { isChinese, isMessageKey, translate } from '../../../locales';
import type { DoctorApplicant } from '../applicant';
import { intendedNames } from './catalogue';
import { beijingTime, findForm, storedSections } from './repo';

/** A translated value label (`form.degree.master`), or the raw value if the catalogue lacks it. */
function term(lang: Language, prefix: string, value: string | null | undefined): string {
  if (!value) return '';
  const key = `${prefix}.${value}`;
  return isMessageKey(key) ? translate(lang, key) : value;
}

function heading(doc: Pdf, text: string): void {
  // Keep a heading with at least a few lines of its section.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
  const left = doc.page.margins.left;
  doc.moveDown(0.6).font('bold').fontSize(12).text(text, left);
  const y = doc.y + 2;
  doc.moveTo(left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.y = y + 6;
}

const joined = (...parts: (string | undefined | null)[]) => parts.filter((p) => p && p.trim()).join(' · ');

/**
 * The printable summary of the applicant's form: personal details (ID masked), then every section
 * in the order of the form, in the caller's language; catalogue names in Chinese (and English
 * for other languages). Chinese renders through the embedded Noto Sans SC.
 */
export async function formSummaryPdf(ctx: AppContext, applicant: DoctorApplicant, lang: Language): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await findForm(ctx.db, applicant);
  if (!row) throw new AppError(ReplyCode.NOT_FOUND, 'form.error.noForm');
  const user = await ctx.db.selectFrom('app_user').select(['name', 'sex', 'id_type', 'id_number']).where('id', '=', applicant.userId).executeTakeFirstOrThrow();
  const s: DraftSections = storedSections(row);
  const names = await intendedNames(ctx.db, s.intended);
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(lang, key, params);
  const none = t('form.pdf.none');
  const catalogueName = (pair?: [string, string]) => (!pair ? '' : isChinese(lang) ? pair[0] : `${pair[1]} / ${pair[0]}`);

  const doc = createPdf({ title: t('form.pdf.title') });
  doc.font('bold').fontSize(16).text(t('form.pdf.title'), { align: 'center' });
  doc.moveDown(0.3).font('body').fontSize(10);
  const status = joined(`${t('form.field.recruitYear')}: ${applicant.recruitYear}`, `${t('form.pdf.status')}: ${term(lang, 'form.status', row.status)}`, row.submitted_at ? `${t('form.pdf.submittedAt')}: ${beijingTime(Number(row.submitted_at))}` : null);
  doc.text(status, { align: 'center' });

  heading(doc, t('form.section.personal'));
  labelledRows(doc, [
    [t('form.field.name'), user.name],
    [t('form.field.registerNo'), applicant.applicantNumber],
    [t('form.field.sex'), term(lang, 'form.sex', user.sex)],
    [t('form.field.idType'), term(lang, 'form.idType', user.id_type)],
    [t('form.field.idNumber'), user.id_number ? maskIdNumber(user.id_number) : ''],
  ]);

  const c: Partial<NonNullable<DraftSections['contact']>> = s.contact ?? {};
  heading(doc, t('form.section.contact'));
  labelledRows(doc, [
    [t('form.field.mobile'), c.mobile ?? ''],
    [t('form.field.email'), c.email ?? ''],
    [t('form.field.mailingAddress'), c.mailingAddress ?? ''],
    [t('form.field.postcode'), c.postcode ?? ''],
    [t('form.field.emergencyName'), joined(c.emergencyName, c.emergencyRelation, c.emergencyPhone)],
  ]);

  const period = (from?: string, to?: string) => `${from ?? '?'} – ${to ?? t('form.pdf.untilNow')}`;
  const list = (title: string, rows: (readonly [string, string])[]) => {
    heading(doc, title);
    if (rows.length === 0) doc.font('body').fontSize(10).text(none);
    else labelledRows(doc, rows);
  };
  list(
    t('form.section.education'),
    (s.education ?? []).map((r) => [period(r.fromMonth, r.toMonth), joined(r.school, r.major, term(lang, 'form.degree', r.degree), r.degreeCertificateNo ? `${t('form.field.degreeCertificateNo')} ${r.degreeCertificateNo}` : null)] as const),
  );
  list(t('form.section.work'), (s.work ?? []).map((r) => [period(r.fromMonth, r.toMonth), joined(r.employer, r.position)] as const));
  list(
    t('form.section.research'),
    (s.research ?? []).map((r, i) => [`${t('form.pdf.row', { row: i + 1 })} ${term(lang, 'form.researchKind', r.kind)}`, [r.title, r.detail].filter(Boolean).join('\n')] as const),
  );
  list(
    t('form.section.languages'),
    (s.languages ?? []).map((r) => [term(lang, 'form.language', r.language), joined(r.certificateType, r.score, r.obtainedMonth)] as const),
  );

  heading(doc, t('form.section.intended'));
  labelledRows(doc, [
    [t('form.field.departmentId'), catalogueName(names.department)],
    [t('form.field.programmeId'), catalogueName(names.programme)],
    [t('form.field.directionId'), catalogueName(names.direction)],
    [t('form.field.supervisorId'), catalogueName(names.supervisor)],
  ]);

  heading(doc, t('form.section.plan'));
  doc.font('body').fontSize(10).text(s.plan?.summary || none, { align: 'justify' });

  doc.moveDown(1.5).fontSize(8).fillColor('#666666').text(t('form.pdf.printedAt', { time: beijingTime(ctx.clock.now()) }), { align: 'right' });
  const pdf = await pdfBuffer(doc);
  return { pdf, fileName: t('form.pdf.fileName', { number: applicant.applicantNumber, name: user.name }) };
}
