import { useEffect, useRef, useState } from 'react';
import type { EChartsType } from 'echarts/core';
import type * as ChartLibrary from '../charts/echarts';
import type { DashboardChartOption } from '../charts/echarts';

/** The chart library arrives with the first chart drawn, never with the page; the charts share one load. */
let library: Promise<typeof ChartLibrary> | undefined;
function loadChartLibrary() {
  library ??= import('../charts/echarts').catch((error: unknown) => {
    // A failed chunk (a new deployment, a dropped connection) is tried again by the next chart.
    library = undefined;
    throw error;
  });
  return library;
}

/**
 * One ECharts canvas, sized by its box and redrawn when the box or the option changes. Hidden from
 * assistive technology: the figure around it carries the same figures as a table.
 */
export function Chart({ option, height, onFailure }: { option: DashboardChartOption; height: number; onFailure: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    loadChartLibrary()
      .then(({ init }) => {
        if (gone || !box.current) return;
        const drawn = init(box.current, undefined, { renderer: 'canvas' });
        drawn.setOption(latest.current);
        chart.current = drawn;
        // The sidebar folding or a phone turning changes the box, not the window alone.
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => drawn.resize());
          observer.observe(box.current);
        }
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    if (failed) onFailure();
  }, [failed, onFailure]);

  return failed ? null : <div ref={box} className="staff-dashboard__canvas" style={{ height }} aria-hidden="true" />;
}
