/** Times as the graduate school keeps them (Beijing), used by every doctoral page. */
export default {
  'time.beijing': '{{time}}（北京時間）',
  'time.allBeijing': '時刻はすべて北京時間（UTC+8）です。',
};
