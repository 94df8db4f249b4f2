// Generated from zh-CN by `npm run locales:zh-TW` (OpenCC, Taiwan phrases); do not edit.
export default {
  'time.beijing': '{{time}}（北京時間）',
  'time.allBeijing': '以上時間均為北京時間（UTC+8）。',
  'countdown.label': '距截止（{{deadline}}）的剩餘時間',
  'countdown.days': '剩餘 {{days}} 天 {{hours}} 小時 {{minutes}} 分',
  'countdown.hours': '剩餘 {{hours}} 小時 {{minutes}} 分',
  'countdown.minutes': '剩餘 {{minutes}} 分 {{seconds}} 秒',
  'countdown.over': '已截止',
} as Record<string, string>;
