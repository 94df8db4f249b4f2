/** Times as the graduate school keeps them (Beijing), used by every doctoral page. */
export default {
  'time.beijing': '{{time}} (hora de Pekín)',
  'time.allBeijing': 'Todas las horas son hora de Pekín (UTC+8).',
  // A deadline counted down (lib/ui/Countdown): a camp place to confirm, an interview invitation to answer.
  'countdown.label': 'Tiempo que queda para responder, hasta el {{deadline}}',
  'countdown.days': 'Quedan {{days}} d {{hours}} h {{minutes}} min',
  'countdown.hours': 'Quedan {{hours}} h {{minutes}} min',
  'countdown.minutes': 'Quedan {{minutes}} min {{seconds}} s',
  'countdown.over': 'Se acabó el tiempo',
};
