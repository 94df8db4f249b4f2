/** The expert review's notices to staff (issue #9), in every language (keys checked by locales.test.ts). */
export const reviewNoticeMessages = {
  en: {
    'review.closedAssign': 'The review is closed: reopen it before assigning experts, or they could not score.',
    'mail.assigned.subject': '{{count}} new applications to review',
    'mail.assigned.body':
      'Dear {{name}},\n\n{{count}} doctoral applications of the {{year}} cycle were just assigned to you for the material review; {{total}} are on your list in all. Sign in and open them here:\n\n{{link}}\n\nIf you have a conflict of interest with an applicant, declare it on that file and it goes to another expert.\n\nGraduate School Admissions Office',
  },
  'zh-CN': {
    'review.closedAssign': '评审已结束：请先重新开放评审再分配专家，否则专家无法评分。',
    'mail.assigned.subject': '新分配给您 {{count}} 份待评审申请',
    'mail.assigned.body':
      '{{name}}，您好：\n\n刚刚为您分配了 {{year}} 年 {{count}} 份博士研究生申请的材料评审，您的列表中共有 {{total}} 份。请登录后在此处打开：\n\n{{link}}\n\n如与某位申请人存在利益冲突，请在该申请中声明，系统将改派其他专家。\n\n研究生院招生办公室',
  },
  es: {
    'review.closedAssign': 'La evaluación está cerrada: vuelva a abrirla antes de asignar expertos, o no podrían calificar.',
    'mail.assigned.subject': '{{count}} solicitudes nuevas para evaluar',
    'mail.assigned.body':
      'Estimado/a {{name}}:\n\nSe le acaban de asignar {{count}} solicitudes de doctorado del ciclo {{year}} para la evaluación documental; en total tiene {{total}} en su lista. Inicie sesión y ábralas aquí:\n\n{{link}}\n\nSi tiene un conflicto de intereses con algún candidato, declárelo en esa solicitud y pasará a otro experto.\n\nOficina de Admisiones de la Escuela de Posgrado',
  },
  ja: {
    'review.closedAssign': '審査は終了しています。審査員を割り当てる前に審査を再開してください。再開しないと採点できません。',
    'mail.assigned.subject': '審査する出願が {{count}} 件割り当てられました',
    'mail.assigned.body':
      '{{name}} 様\n\n{{year}} 年度の博士課程出願 {{count}} 件の書類審査が割り当てられました。リストには合計 {{total}} 件あります。ログインしてこちらから開いてください。\n\n{{link}}\n\n出願者と利益相反がある場合は、その出願で申告すると他の審査員に回されます。\n\n大学院入試課',
  },
} as const;
