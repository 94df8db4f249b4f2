/**
 * The chart library, as little of it as the dashboard draws: bars and lines on a grid, with a
 * tooltip and a legend, painted on a canvas. Only ever loaded with import(), so it is a chunk of its
 * own that the sign-in screen and the applicants' pages never fetch (bench/web-size.ts checks).
 */
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { init, use as install, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Renamed: ECharts' `use` registers modules, it is not React's hook.
install([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** What the dashboard's charts may say: only the pieces installed above. */
export type DashboardChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>;

export { init };
