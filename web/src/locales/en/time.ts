/** Times as the graduate school keeps them (Beijing), used by every doctoral page. */
export default {
  'time.beijing': '{{time}} (Beijing time)',
  'time.allBeijing': 'All times are Beijing time (UTC+8).',
  // A deadline counted down (lib/ui/Countdown): a camp place to confirm, an interview invitation to answer.
  'countdown.label': 'Time left to answer, until {{deadline}}',
  'countdown.days': '{{days}} d {{hours}} h {{minutes}} min left',
  'countdown.hours': '{{hours}} h {{minutes}} min left',
  'countdown.minutes': '{{minutes}} min {{seconds}} s left',
  'countdown.over': 'Time is up',
};
