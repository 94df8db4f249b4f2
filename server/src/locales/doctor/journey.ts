/** Server messages of the doctoral journey, in every language (keys checked by locales.test.ts). */
export const journeyMessages = {
  en: {
    'error.notPublished': 'This result has not been published yet.',
    'error.stageClosed': 'This stage is closed.',
    'error.notYourStage': 'This is not available at your stage of the application.',
  },
  'zh-CN': {
    'error.notPublished': '该结果尚未发布。',
    'error.stageClosed': '该阶段已关闭。',
    'error.notYourStage': '您当前的报名阶段暂不能进行此操作。',
  },
  es: {
    'error.notPublished': 'Este resultado aún no se ha publicado.',
    'error.stageClosed': 'Esta etapa está cerrada.',
    'error.notYourStage': 'Esto no está disponible en la etapa actual de su solicitud.',
  },
  ja: {
    'error.notPublished': 'この結果はまだ公開されていません。',
    'error.stageClosed': 'この段階は締め切られました。',
    'error.notYourStage': '現在の出願段階ではご利用いただけません。',
  },
};
