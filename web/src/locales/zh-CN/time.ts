/** Times as the graduate school keeps them (Beijing), used by every doctoral page. */
export default {
  'time.beijing': '{{time}}（北京时间）',
  'time.allBeijing': '以上时间均为北京时间（UTC+8）。',
};
