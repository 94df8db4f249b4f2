/** Server messages of the doctoral journey, in every language (keys checked by locales.test.ts). */
export const journeyMessages = {
  en: {
    'error.noRecruitYear': 'No recruitment year is current, so there is no cycle to publish in.',
    'error.notPublished': 'This result has not been published yet.',
    'error.stageClosed': 'This stage is closed.',
    'error.notYourStage': 'This is not available at your stage of the application.',
  },
  'zh-CN': {
    'error.noRecruitYear': '尚未设置当前招生年度，无法发布结果。',
    'error.notPublished': '该结果尚未发布。',
    'error.stageClosed': '该阶段已关闭。',
    'error.notYourStage': '您当前的报名阶段暂不能进行此操作。',
  },
  es: {
    'error.noRecruitYear': 'No hay un año de admisión vigente, así que no hay ciclo en el que publicar.',
    'error.notPublished': 'Este resultado aún no se ha publicado.',
    'error.stageClosed': 'Esta etapa está cerrada.',
    'error.notYourStage': 'Esto no está disponible en la etapa actual de su solicitud.',
  },
  ja: {
    'error.noRecruitYear': '現在の募集年度が設定されていないため、公開できません。',
    'error.notPublished': 'この結果はまだ公開されていません。',
    'error.stageClosed': 'この段階は締め切られました。',
    'error.notYourStage': '現在の出願段階ではご利用いただけません。',
  },
};
