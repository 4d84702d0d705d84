/** Columns for a gallery of `width` pixels: cards at least `minCard` wide, at most `maxColumns`. */
export function columnCount(width: number, minCard = 220, gap = 12, maxColumns = 6): number {
  return Math.max(1, Math.min(maxColumns, Math.floor((width + gap) / (minCard + gap))));
}

/** The expected row height: square media plus the card's text block, so the first estimate is close. */
export function rowHeight(width: number, columns: number, gap = 12, footer = 92): number {
  const card = (width - gap * (columns - 1)) / columns;
  return Math.round(card + footer + gap);
}

/** Rows of `columns` items. */
export function toRows<T>(items: readonly T[], columns: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += columns) rows.push(items.slice(i, i + columns));
  return rows;
}
