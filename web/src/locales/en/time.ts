/** Times as the graduate school keeps them (Beijing), used by every doctoral page. */
export default {
  'time.beijing': '{{time}} (Beijing time)',
  'time.allBeijing': 'All times are Beijing time (UTC+8).',
};
