import { Table, type TableProps } from '@mantine/core';
import classes from './card-table.module.css';

export interface CardTableProps extends TableProps {
  /** On wide screens the table scrolls sideways when its box is narrower than this (px). */
  minWidth?: number;
}

/**
 * A list as a table on wide screens and as cards on phones (below 48em): each row becomes a card,
 * its cells stacked, every key column in sight (no sideways scrolling with no cue). A cell with
 * `data-label="SELL"` shows that label before its value on a card; the header row is dropped
 * there, so label the cells a reader needs to tell apart. Empty cells are left out of cards.
 */
export function CardTable({ minWidth = 0, className, ...props }: CardTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className={classes.container}>
      <Table {...props} className={className ? `${classes.table} ${className}` : classes.table} />
    </Table.ScrollContainer>
  );
}
