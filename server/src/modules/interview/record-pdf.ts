import type { InterviewSessionView, Language } from '@gradus/contract';
import { createPdf, labelledRows, pdfBuffer, type Pdf } from '../../lib/pdf';
import { translate, writesCjk } from '../../locales';
import { sessionTime } from './session';

/**
 * The session's record as the panel signs it: the session (stage, programme, date, room, how the
 * scores combine), one row per applicant in interview order with each member's total and the
 * result, who locked it and when, and a signature line under each member's name. Labels in the
 * reader's language; names as registered (Noto Sans SC draws the Chinese ones).
 */
export async function interviewRecordPdf(view: InterviewSessionView, recruitYear: string, lang: Language): Promise<Buffer> {
  const title = translate(lang, `interview.record.title.${view.kind}`, { year: recruitYear });
  const doc = createPdf({ title });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(15).text(title, left, doc.page.margins.top, { width, align: 'center' });
  doc.moveDown(0.8);
  const programme = writesCjk(lang) ? view.programme.nameZh : view.programme.nameEn;
  labelledRows(
    doc,
    [
      [translate(lang, 'interview.record.programme'), `${programme} (${view.programme.code})`],
      [translate(lang, 'interview.record.time'), sessionTime(lang, Date.parse(view.startsAt))],
      [translate(lang, 'interview.record.room'), view.room],
      [translate(lang, 'interview.record.method'), translate(lang, `interview.record.method.${view.method}`)],
      [translate(lang, 'interview.record.sheet'), (view.sheet?.items ?? []).map((i) => `${writesCjk(lang) ? i.nameZh : i.nameEn} ${i.max}${i.weight === '1' ? '' : ` ×${i.weight}`}`).join(' · ')],
    ],
    { labelWidth: 110 },
  );
  doc.moveDown(0.6);
  table(doc, view, lang, left, width);

  doc.moveDown(0.8);
  if (view.lockedAt) {
    doc.font('body').fontSize(9.5).fillColor('#333333').text(translate(lang, 'interview.record.lockedAt', { when: sessionTime(lang, Date.parse(view.lockedAt)), name: view.lockedBy ?? '' }), left, doc.y, { width });
    doc.fillColor('#000000');
  }
  signatures(doc, view, lang, left, width);
  return pdfBuffer(doc);
}

/** No., applicant, one column per member, the result: the columns share what the fixed ones leave. */
function table(doc: Pdf, view: InterviewSessionView, lang: Language, left: number, width: number): void {
  const fixed = { position: 34, applicant: 150, result: 70 };
  const memberWidth = Math.max(48, (width - fixed.position - fixed.applicant - fixed.result) / Math.max(1, view.panel.length));
  const columns = [
    { title: translate(lang, 'interview.record.position'), width: fixed.position },
    { title: translate(lang, 'interview.record.applicant'), width: fixed.applicant },
    ...view.panel.map((m) => ({ title: m.name, width: memberWidth })),
    { title: translate(lang, 'interview.record.combined'), width: fixed.result },
  ];
  const row = (cells: string[], bold: boolean) => {
    const bottom = doc.page.height - doc.page.margins.bottom - 30;
    if (doc.y > bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    let lowest = y;
    cells.forEach((text, i) => {
      const w = columns[i]!.width;
      doc.font(bold ? 'bold' : 'body').fontSize(9.5).text(text, x + 3, y + 4, { width: w - 6 });
      lowest = Math.max(lowest, doc.y + 4);
      x += w;
    });
    doc.lineWidth(0.5).moveTo(left, lowest).lineTo(left + width, lowest).stroke('#999999');
    doc.y = lowest;
  };
  doc.lineWidth(0.8).moveTo(left, doc.y).lineTo(left + width, doc.y).stroke('#333333');
  row(columns.map((c) => c.title), true);
  for (const r of view.rows) {
    row([String(r.position), `${r.name}\n${r.applicantNumber}`, ...r.scores.map((s) => (s.status === 'submitted' ? s.total ?? '' : '—')), r.combined ?? '—'], false);
  }
  doc.x = left;
}

/** A line to sign under each member's name, two to a row. */
function signatures(doc: Pdf, view: InterviewSessionView, lang: Language, left: number, width: number): void {
  doc.moveDown(1.2);
  if (doc.y > doc.page.height - doc.page.margins.bottom - 60 * Math.ceil(view.panel.length / 2)) doc.addPage();
  doc.font('bold').fontSize(11).text(translate(lang, 'interview.record.panel'), left, doc.y, { width });
  doc.moveDown(0.6);
  const half = width / 2;
  view.panel.forEach((member, i) => {
    const x = left + (i % 2) * half;
    if (i % 2 === 0 && i > 0) doc.y += 46;
    const y = doc.y;
    const name = member.secretary ? translate(lang, 'interview.record.secretary', { name: member.name }) : member.name;
    doc.font('body').fontSize(10).text(name, x, y, { width: half - 20 });
    doc.text(translate(lang, 'interview.record.signature'), x, y + 22, { width: 70 });
    doc.lineWidth(0.6).moveTo(x + 70, y + 34).lineTo(x + half - 24, y + 34).stroke('#333333');
    doc.y = y;
  });
  doc.y += 46;
  doc.x = left;
}
