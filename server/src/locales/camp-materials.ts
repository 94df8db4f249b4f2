/** Server messages of the summer-camp materials (issue #11), in every language (keys checked by locales.test.ts). */
export const campMaterialMessages = {
  en: {
    'error.materialPhaseNotOffered': 'There are no supplementary materials here: upload your materials with your application.',
    'validation.config.minFilesAboveMax': 'the files a category needs (minFiles) cannot be more than the files it holds (maxFiles)',
    'validation.config.applicationPhaseOnly': 'a summer camp’s materials are uploaded with the application: every category’s phase is “application”',
    'form.material.rankCertificate': 'Class rank certificate',
    'form.material.refereeLetter': 'Referee letters (two)',
    'form.material.englishCertificate': 'English certificate',
  },
  'zh-CN': {
    'error.materialPhaseNotOffered': '此处没有补充材料：请随报名一并上传材料。',
    'validation.config.minFilesAboveMax': '类别所需文件数（minFiles）不能多于其可容纳的文件数（maxFiles）',
    'validation.config.applicationPhaseOnly': '夏令营材料随申请表上传：每个类别的阶段都须为“application”',
    'form.material.rankCertificate': '排名证明',
    'form.material.refereeLetter': '专家推荐信（两封）',
    'form.material.englishCertificate': '英语水平证明',
  },
  es: {
    'error.materialPhaseNotOffered': 'Aquí no hay documentos complementarios: suba sus documentos junto con su solicitud.',
    'validation.config.minFilesAboveMax': 'los archivos que necesita una categoría (minFiles) no pueden superar los que admite (maxFiles)',
    'validation.config.applicationPhaseOnly': 'los materiales de un campamento se suben con la solicitud: la fase de cada categoría es «application»',
    'form.material.rankCertificate': 'Certificado de posición en la promoción',
    'form.material.refereeLetter': 'Cartas de recomendación (dos)',
    'form.material.englishCertificate': 'Certificado de inglés',
  },
  ja: {
    'error.materialPhaseNotOffered': 'ここには追加資料はありません。資料は出願と一緒にアップロードしてください。',
    'validation.config.minFilesAboveMax': '区分に必要なファイル数（minFiles）は、保存できるファイル数（maxFiles）を超えられません',
    'validation.config.applicationPhaseOnly': 'サマーキャンプの資料は申請と一緒にアップロードします。すべての区分の段階は「application」にしてください',
    'form.material.rankCertificate': '順位証明書',
    'form.material.refereeLetter': '推薦状（2通）',
    'form.material.englishCertificate': '英語能力証明書',
  },
};
