import type { DashboardDay, DashboardExpert, DashboardProgramme } from '@gradus/contract/api/staff-dashboard';
import type { DashboardChartOption } from './charts/echarts';
import type { ChartTable } from './components/ChartFigure';

type Translate = (key: string) => string;

/**
 * The charts' colours: the theme's own (already dark enough on white) and two darker neutrals. No
 * colour says anything alone: each series differs in shape too (bars and a dashed line with
 * triangles) or in pattern (stripes, dots), and every value is in the legend, the labels and the table.
 */
export interface ChartLook {
  primary: string;
  /** How wide a programme's name may be beside its bars: narrow on a phone, where the bars need the room. */
  labelWidth: number;
}
const SLATE = '#4a5a6a';
const UMBER = '#8a4b08';
const STRIPES = { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [3, 5], rotation: Math.PI / 4, color: 'rgba(255, 255, 255, 0.55)' };
const DOTS = { symbol: 'circle', symbolSize: 0.5, dashArrayX: [[6, 6]], dashArrayY: [6, 0], color: 'rgba(255, 255, 255, 0.6)' };
const TEXT = '#434343';
/** White figures inside a bar, outlined in the bar's colour so the stripes behind them do not cut them. */
const onBar = (colour: string) => ({ show: true, color: '#fff', fontWeight: 'bold' as const, textBorderColor: colour, textBorderWidth: 3 });
/** A zero would sit on an empty bar. */
const unlessZero = (p: { value: unknown }) => (p.value ? String(p.value) : '');
const grid = { left: 8, right: 24, top: 40, bottom: 8, containLabel: true };
const legend = { top: 0, textStyle: { color: TEXT } };

/** 'MM-DD' under the bars: thirty full dates would not fit a phone; the tooltip and table give the full date. */
const shortDay = (day: string) => day.slice(5);

export function submissionsChart(days: readonly DashboardDay[], t: Translate, look: ChartLook): { option: DashboardChartOption; table: ChartTable } {
  const thisYear = t('staffDashboard.series.thisYear');
  const lastYear = t('staffDashboard.series.lastYear');
  return {
    option: {
      animation: false,
      grid,
      legend: { ...legend, data: [thisYear, lastYear] },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: days.map((d) => d.day), axisLabel: { formatter: shortDay, color: TEXT } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { color: TEXT } },
      series: [
        { name: thisYear, type: 'bar', data: days.map((d) => d.thisYear), itemStyle: { color: look.primary } },
        { name: lastYear, type: 'line', data: days.map((d) => d.lastYear), symbol: 'triangle', symbolSize: 7, itemStyle: { color: SLATE }, lineStyle: { type: 'dashed', color: SLATE, width: 2 } },
      ],
    },
    table: { columns: [t('staffDashboard.column.day'), thisYear, lastYear], rows: days.map((d) => [d.day, d.thisYear, d.lastYear]) },
  };
}

/** Horizontal bars: programme names are long, and a phone has more height than width. */
export function programmesChart(rows: readonly DashboardProgramme[], name: (row: DashboardProgramme) => string, t: Translate, look: ChartLook): { option: DashboardChartOption; table: ChartTable } {
  const series = [
    { key: 'submitted', label: t('staffDashboard.stage.submitted'), colour: look.primary, decal: undefined },
    { key: 'paid', label: t('staffDashboard.stage.paid'), colour: SLATE, decal: STRIPES },
    { key: 'eligible', label: t('staffDashboard.stage.eligible'), colour: UMBER, decal: DOTS },
  ] as const;
  // ECharts draws the first category at the bottom: reversed, the busiest programme is on top as in the table.
  const shown = [...rows].reverse();
  return {
    option: {
      animation: false,
      grid,
      legend: { ...legend, data: series.map((s) => s.label) },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1, axisLabel: { color: TEXT } },
      yAxis: { type: 'category', data: shown.map(name), axisLabel: { width: look.labelWidth, overflow: 'truncate', color: TEXT } },
      series: series.map((s) => ({
        name: s.label,
        type: 'bar',
        data: shown.map((r) => r[s.key]),
        itemStyle: { color: s.colour, ...(s.decal ? { decal: s.decal } : {}) },
        label: { show: true, position: 'right', color: TEXT, formatter: unlessZero },
      })),
    },
    table: { columns: [t('staffDashboard.column.programme'), ...series.map((s) => s.label)], rows: rows.map((r) => [name(r), r.submitted, r.paid, r.eligible]) },
  };
}

/** Each expert's submitted and outstanding reviews, stacked to the number assigned. */
export function expertsChart(experts: readonly DashboardExpert[], t: Translate, look: ChartLook): { option: DashboardChartOption; table: ChartTable } {
  const reviewed = t('staffDashboard.series.reviewed');
  const outstanding = t('staffDashboard.series.outstanding');
  const shown = [...experts].reverse();
  return {
    option: {
      animation: false,
      grid,
      legend: { ...legend, data: [reviewed, outstanding] },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1, axisLabel: { color: TEXT } },
      yAxis: { type: 'category', data: shown.map((e) => e.name), axisLabel: { color: TEXT } },
      series: [
        { name: reviewed, type: 'bar', stack: 'assigned', data: shown.map((e) => e.submitted), itemStyle: { color: look.primary }, label: { ...onBar(look.primary), formatter: unlessZero } },
        { name: outstanding, type: 'bar', stack: 'assigned', data: shown.map((e) => e.assigned - e.submitted), itemStyle: { color: SLATE, decal: STRIPES }, label: { ...onBar(SLATE), formatter: unlessZero } },
      ],
    },
    table: {
      columns: [t('staffDashboard.column.expert'), t('staffDashboard.column.assigned'), reviewed, outstanding],
      rows: experts.map((e) => [e.name, e.assigned, e.submitted, e.assigned - e.submitted]),
    },
  };
}
