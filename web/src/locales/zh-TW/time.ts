// Generated from zh-CN by `npm run locales:zh-TW` (OpenCC, Taiwan phrases); do not edit.
export default {
  'time.beijing': '{{time}}（北京時間）',
  'time.allBeijing': '以上時間均為北京時間（UTC+8）。',
} as Record<string, string>;
