/** Server messages of the cycle's timeline and recruitment years (issue #10), in every language (keys checked by locales.test.ts). */
export const cycleMessages = {
  en: {
    'cycle.yearNotNext': 'Only the year after the current one can start: {{expected}}, not {{year}}.',
    'cycle.yearExists': 'The recruitment year {{year}} already exists.',
    'cycle.noJourney': 'There is no admissions journey for this area yet.',
    'cycle.yearUnknown': 'There is no recruitment year {{year}}.',
    'cycle.stageUnknown': 'This area has no stage called {{stage}}.',
  },
  'zh-CN': {
    'cycle.yearNotNext': '只能开启当前年度的下一年：应为 {{expected}}，而不是 {{year}}。',
    'cycle.yearExists': '招生年度 {{year}} 已存在。',
    'cycle.noJourney': '该类别暂无招生流程。',
    'cycle.yearUnknown': '没有 {{year}} 招生年度。',
    'cycle.stageUnknown': '该类别没有名为 {{stage}} 的阶段。',
  },
  es: {
    'cycle.yearNotNext': 'Solo puede empezar el año siguiente al actual: {{expected}}, no {{year}}.',
    'cycle.yearExists': 'El año de admisión {{year}} ya existe.',
    'cycle.noJourney': 'Esta área aún no tiene un proceso de admisión.',
    'cycle.yearUnknown': 'No existe el año de admisión {{year}}.',
    'cycle.stageUnknown': 'Esta área no tiene ninguna etapa llamada {{stage}}.',
  },
  ja: {
    'cycle.yearNotNext': '開始できるのは現在の年度の翌年度だけです：{{year}} ではなく {{expected}}。',
    'cycle.yearExists': '募集年度 {{year}} はすでにあります。',
    'cycle.noJourney': 'この区分の募集手続きはまだありません。',
    'cycle.yearUnknown': '募集年度 {{year}} はありません。',
    'cycle.stageUnknown': 'この区分に {{stage}} という段階はありません。',
  },
};
