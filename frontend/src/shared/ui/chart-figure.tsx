import type { ReactNode } from 'react';
import classes from './chart-figure.module.css';

export interface ChartFigureProps {
  /** What the chart shows, read before its values (e.g. 'Цены SELL и BUY по дням'). */
  caption: string;
  /** The table's column headers; the first column names each row. */
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  /** The chart itself: shown to the eye, hidden from screen readers (the table says the same). */
  children: ReactNode;
}

/**
 * A chart with its text alternative: the values as a table under a «Таблица значений» toggle
 * (keyboard and screen readers reach it; sighted users may open it too).
 */
export function ChartFigure({ caption, columns, rows, children }: ChartFigureProps) {
  return (
    <figure className={classes.figure}>
      <div aria-hidden="true">{children}</div>
      <details className={classes.details}>
        <summary className={classes.summary}>Таблица значений</summary>
        <div className={classes.scroll}>
          <table className={classes.table}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={j}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <figcaption className="visually-hidden">{caption}</figcaption>
    </figure>
  );
}
