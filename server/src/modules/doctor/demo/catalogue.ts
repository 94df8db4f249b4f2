import type { DB } from '../../../db/database';

/**
 * Research directions and supervisors under the demo doctoral programmes and master's programmes,
 * so the forms' department -> programme -> direction -> supervisor choices have real content (a
 * recommended-exempt master's applicant names a direction too). Demo data only;
 * the back office will maintain the catalogue. Running it twice adds nothing.
 */
const CATALOGUE: ReadonlyArray<{
  programme: string;
  directions: ReadonlyArray<{ code: string; zh: string; en: string; supervisors: ReadonlyArray<[name: string, titleZh: string, titleEn: string]> }>;
}> = [
  {
    programme: 'CS-PHD-081200',
    directions: [
      { code: 'CS-PHD-081200-01', zh: '自然语言处理与少数民族语言信息处理', en: 'Natural language processing and minority-language computing', supervisors: [['王晓明', '教授', 'Professor'], ['李静', '教授', 'Professor']] },
      { code: 'CS-PHD-081200-02', zh: '计算机视觉与多媒体分析', en: 'Computer vision and multimedia analysis', supervisors: [['陈思远', '教授', 'Professor'], ['赵磊', '副教授', 'Associate Professor']] },
      { code: 'CS-PHD-081200-03', zh: '网络与信息安全', en: 'Network and information security', supervisors: [['孙浩', '教授', 'Professor']] },
    ],
  },
  {
    programme: 'ECON-PHD-020100',
    directions: [
      { code: 'ECON-PHD-020100-01', zh: '政治经济学', en: 'Political economy', supervisors: [['周文华', '教授', 'Professor']] },
      { code: 'ECON-PHD-020100-02', zh: '民族地区经济发展', en: 'Economic development of ethnic regions', supervisors: [['马建国', '教授', 'Professor'], ['杨丽', '副教授', 'Associate Professor']] },
    ],
  },
  {
    programme: 'ETH-PHD-030400',
    directions: [
      { code: 'ETH-PHD-030400-01', zh: '民族理论与民族政策', en: 'Ethnic theory and policy', supervisors: [['格桑', '教授', 'Professor']] },
      { code: 'ETH-PHD-030400-02', zh: '人类学', en: 'Anthropology', supervisors: [['吴敏', '教授', 'Professor'], ['何婷', '副教授', 'Associate Professor']] },
      { code: 'ETH-PHD-030400-03', zh: '民族史', en: 'Ethnic history', supervisors: [['阿依古丽', '教授', 'Professor']] },
    ],
  },
  {
    programme: 'CS-MS-081200',
    directions: [
      { code: 'CS-MS-081200-01', zh: '软件工程与智能系统', en: 'Software engineering and intelligent systems', supervisors: [['刘洋', '副教授', 'Associate Professor'], ['高峰', '教授', 'Professor']] },
      { code: 'CS-MS-081200-02', zh: '数据科学与知识工程', en: 'Data science and knowledge engineering', supervisors: [['许晴', '副教授', 'Associate Professor']] },
    ],
  },
  {
    programme: 'ECON-MS-020200',
    directions: [{ code: 'ECON-MS-020200-01', zh: '区域经济学', en: 'Regional economics', supervisors: [['郭平', '副教授', 'Associate Professor']] }],
  },
  {
    programme: 'ETH-MS-030300',
    directions: [{ code: 'ETH-MS-030300-01', zh: '社会学理论与方法', en: 'Sociological theory and methods', supervisors: [['张蕾', '教授', 'Professor']] }],
  },
];

export async function seedCatalogue(db: DB): Promise<void> {
  for (const entry of CATALOGUE) {
    const programme = await db.selectFrom('programme').select('id').where('code', '=', entry.programme).executeTakeFirst();
    if (!programme) continue;
    for (const d of entry.directions) {
      const existing = await db.selectFrom('research_direction').select('id').where('code', '=', d.code).executeTakeFirst();
      if (existing) continue;
      const direction = await db
        .insertInto('research_direction')
        .values({ programme_id: programme.id, code: d.code, name_zh: d.zh, name_en: d.en })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [name, titleZh, titleEn] of d.supervisors) {
        await db.insertInto('supervisor').values({ direction_id: direction.id, name, title_zh: titleZh, title_en: titleEn }).execute();
      }
    }
  }
}
