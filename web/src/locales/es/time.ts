/** Times as the graduate school keeps them (Beijing), used by every doctoral page. */
export default {
  'time.beijing': '{{time}} (hora de Pekín)',
  'time.allBeijing': 'Todas las horas son hora de Pekín (UTC+8).',
};
