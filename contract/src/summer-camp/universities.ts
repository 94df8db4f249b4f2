/**
 * Undergraduate schools a camper picks from, by the Ministry of Education's institution code. Not
 * the whole national list (about 3,000 schools): the ones this university's campers come from most,
 * the minzu universities first among them. A school not listed is typed in full through one of the
 * form's escapes, so no applicant is stuck: "outside the mainland", "abolished or merged", or
 * "not listed here".
 */
export interface University {
  code: string;
  nameZh: string;
  nameEn: string;
}

export const UNIVERSITIES: readonly University[] = [
  { code: '10001', nameZh: '北京大学', nameEn: 'Peking University' },
  { code: '10002', nameZh: '中国人民大学', nameEn: 'Renmin University of China' },
  { code: '10003', nameZh: '清华大学', nameEn: 'Tsinghua University' },
  { code: '10004', nameZh: '北京交通大学', nameEn: 'Beijing Jiaotong University' },
  { code: '10006', nameZh: '北京航空航天大学', nameEn: 'Beihang University' },
  { code: '10007', nameZh: '北京理工大学', nameEn: 'Beijing Institute of Technology' },
  { code: '10027', nameZh: '北京师范大学', nameEn: 'Beijing Normal University' },
  { code: '10028', nameZh: '首都师范大学', nameEn: 'Capital Normal University' },
  { code: '10030', nameZh: '北京外国语大学', nameEn: 'Beijing Foreign Studies University' },
  { code: '10034', nameZh: '中央财经大学', nameEn: 'Central University of Finance and Economics' },
  { code: '10036', nameZh: '对外经济贸易大学', nameEn: 'University of International Business and Economics' },
  { code: '10052', nameZh: '中央民族大学', nameEn: 'Minzu University of China' },
  { code: '10053', nameZh: '中国政法大学', nameEn: 'China University of Political Science and Law' },
  { code: '10055', nameZh: '南开大学', nameEn: 'Nankai University' },
  { code: '10056', nameZh: '天津大学', nameEn: 'Tianjin University' },
  { code: '10126', nameZh: '内蒙古大学', nameEn: 'Inner Mongolia University' },
  { code: '10135', nameZh: '内蒙古师范大学', nameEn: 'Inner Mongolia Normal University' },
  { code: '10183', nameZh: '吉林大学', nameEn: 'Jilin University' },
  { code: '10184', nameZh: '延边大学', nameEn: 'Yanbian University' },
  { code: '10200', nameZh: '东北师范大学', nameEn: 'Northeast Normal University' },
  { code: '10213', nameZh: '哈尔滨工业大学', nameEn: 'Harbin Institute of Technology' },
  { code: '10246', nameZh: '复旦大学', nameEn: 'Fudan University' },
  { code: '10247', nameZh: '同济大学', nameEn: 'Tongji University' },
  { code: '10248', nameZh: '上海交通大学', nameEn: 'Shanghai Jiao Tong University' },
  { code: '10269', nameZh: '华东师范大学', nameEn: 'East China Normal University' },
  { code: '10284', nameZh: '南京大学', nameEn: 'Nanjing University' },
  { code: '10335', nameZh: '浙江大学', nameEn: 'Zhejiang University' },
  { code: '10358', nameZh: '中国科学技术大学', nameEn: 'University of Science and Technology of China' },
  { code: '10384', nameZh: '厦门大学', nameEn: 'Xiamen University' },
  { code: '10422', nameZh: '山东大学', nameEn: 'Shandong University' },
  { code: '10486', nameZh: '武汉大学', nameEn: 'Wuhan University' },
  { code: '10511', nameZh: '华中师范大学', nameEn: 'Central China Normal University' },
  { code: '10517', nameZh: '湖北民族大学', nameEn: 'Hubei Minzu University' },
  { code: '10524', nameZh: '中南民族大学', nameEn: 'South-Central Minzu University' },
  { code: '10532', nameZh: '湖南大学', nameEn: 'Hunan University' },
  { code: '10533', nameZh: '中南大学', nameEn: 'Central South University' },
  { code: '10558', nameZh: '中山大学', nameEn: 'Sun Yat-sen University' },
  { code: '10608', nameZh: '广西民族大学', nameEn: 'Guangxi Minzu University' },
  { code: '10610', nameZh: '四川大学', nameEn: 'Sichuan University' },
  { code: '10611', nameZh: '重庆大学', nameEn: 'Chongqing University' },
  { code: '10656', nameZh: '西南民族大学', nameEn: 'Southwest Minzu University' },
  { code: '10672', nameZh: '贵州民族大学', nameEn: 'Guizhou Minzu University' },
  { code: '10691', nameZh: '云南民族大学', nameEn: 'Yunnan Minzu University' },
  { code: '10694', nameZh: '西藏大学', nameEn: 'Tibet University' },
  { code: '10698', nameZh: '西安交通大学', nameEn: "Xi'an Jiaotong University" },
  { code: '10730', nameZh: '兰州大学', nameEn: 'Lanzhou University' },
  { code: '10742', nameZh: '西北民族大学', nameEn: 'Northwest Minzu University' },
  { code: '10743', nameZh: '青海大学', nameEn: 'Qinghai University' },
  { code: '10748', nameZh: '青海民族大学', nameEn: 'Qinghai Minzu University' },
  { code: '10749', nameZh: '宁夏大学', nameEn: 'Ningxia University' },
  { code: '10755', nameZh: '新疆大学', nameEn: 'Xinjiang University' },
  { code: '10762', nameZh: '新疆师范大学', nameEn: 'Xinjiang Normal University' },
  { code: '11407', nameZh: '北方民族大学', nameEn: 'North Minzu University' },
  { code: '12026', nameZh: '大连民族大学', nameEn: 'Dalian Minzu University' },
];

export const universityOf = (code: string | undefined): University | undefined => UNIVERSITIES.find((u) => u.code === code);
