import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import classes from './chart-figure.module.css';

export interface ChartFigureProps {
  /** What the chart shows, read before its values (e.g. 'Цены SELL и BUY по дням'). */
  caption: string;
  /** The table's column headers; the first column names each row. */
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  /** The chart's height in px: kept free before it draws, so nothing below it moves. */
  height: number;
  /** The chart itself (a lazy chunk): shown to the eye, hidden from screen readers (the table says the same). */
  children: ReactNode;
}

/** True once the element is within `margin` of the viewport (the charts' chunk loads then). */
function useNearViewport(margin = '200px') {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: margin,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}

/**
 * A chart with its text alternative: the values as a table under a «Таблица значений» toggle
 * (keyboard and screen readers reach it; sighted users may open it too). The chart (apexcharts,
 * its own chunk) is loaded and drawn when its place comes near the screen, in a box of its height.
 */
export function ChartFigure({ caption, columns, rows, height, children }: ChartFigureProps) {
  const [ref, near] = useNearViewport();
  return (
    <figure className={classes.figure}>
      <div aria-hidden="true" ref={ref} style={{ minHeight: height }}>
        {near && (
          <Suspense
            fallback={
              <div className={classes.pending} style={{ height }}>
                <Loader size="sm" />
              </div>
            }
          >
            {children}
          </Suspense>
        )}
      </div>
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
