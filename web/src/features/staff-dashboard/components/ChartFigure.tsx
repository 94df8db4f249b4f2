import { useCallback, useState, type ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardChartOption } from '../charts/echarts';
import { Chart } from './Chart';

export interface ChartTable {
  columns: string[];
  /** The first cell of a row names it (a day, a programme, an expert). */
  rows: (string | number)[][];
}

/**
 * A chart with its text alternative: the same figures as a table, read by screen readers and shown
 * to everyone when the chart cannot be drawn.
 */
export function ChartFigure({ id, title, note, option, height, table, empty }: { id: string; title: string; note?: string; option: DashboardChartOption; height: number; table: ChartTable; empty?: ReactNode }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const onFailure = useCallback(() => setFailed(true), []);
  const titleId = `${id}-title`;
  return (
    <Card className="staff-dashboard__chart" data-testid={id} title={<h2 id={titleId} className="staff-dashboard__chart-title">{title}</h2>}>
      <section aria-labelledby={titleId}>
        {note && <Typography.Paragraph type="secondary" className="staff-dashboard__note">{note}</Typography.Paragraph>}
        {empty ?? (
          <>
            <Chart option={option} height={height} onFailure={onFailure} />
            {failed && <Typography.Paragraph>{t('staffDashboard.chart.failed')}</Typography.Paragraph>}
            {/* A table ignores a 1px width: the box around it is what hides it. */}
            <div className={failed ? undefined : 'staff-dashboard__hidden'}>
              <table className="staff-dashboard__table">
                <caption>{title}</caption>
                <thead>
                  <tr>
                    {table.columns.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map(([name, ...values], i) => (
                    <tr key={i}>
                      <th scope="row">{name}</th>
                      {values.map((v, j) => (
                        <td key={j}>{v}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
