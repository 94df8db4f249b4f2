/** Times as the graduate school keeps them (Beijing), used by every doctoral page. */
export default {
  'time.beijing': '{{time}}（北京时间）',
  'time.allBeijing': '以上时间均为北京时间（UTC+8）。',
  // A deadline counted down (lib/ui/Countdown): a camp place to confirm, an interview invitation to answer.
  'countdown.label': '距截止（{{deadline}}）的剩余时间',
  'countdown.days': '剩余 {{days}} 天 {{hours}} 小时 {{minutes}} 分',
  'countdown.hours': '剩余 {{hours}} 小时 {{minutes}} 分',
  'countdown.minutes': '剩余 {{minutes}} 分 {{seconds}} 秒',
  'countdown.over': '已截止',
};
