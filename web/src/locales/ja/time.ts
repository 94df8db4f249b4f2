/** Times as the graduate school keeps them (Beijing), used by every doctoral page. */
export default {
  'time.beijing': '{{time}}（北京時間）',
  'time.allBeijing': '時刻はすべて北京時間（UTC+8）です。',
  // A deadline counted down (lib/ui/Countdown): a camp place to confirm, an interview invitation to answer.
  'countdown.label': '回答期限（{{deadline}}）までの残り時間',
  'countdown.days': '残り {{days}} 日 {{hours}} 時間 {{minutes}} 分',
  'countdown.hours': '残り {{hours}} 時間 {{minutes}} 分',
  'countdown.minutes': '残り {{minutes}} 分 {{seconds}} 秒',
  'countdown.over': '期限切れ',
};
