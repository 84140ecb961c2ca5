import { lazy, Suspense, useState } from 'react';
import { ActionIcon } from '@mantine/core';

/** The dialog (Mantine's Modal and the market's combobox): its own chunk, fetched at the first click. */
const MarketSearchDialog = lazy(() => import('./market-search-dialog'));

/**
 * The header's «Поиск по маркету»: a button on every page that opens the market search in a
 * dialog (focus in its field; Escape or a chosen item closes it).
 */
export function MarketSearchButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ActionIcon
        title="Поиск по маркету"
        aria-label="Поиск по маркету"
        aria-haspopup="dialog"
        variant="subtle"
        color="gray.0"
        size="lg"
        radius="xl"
        data-testid="header-search"
        onClick={() => setOpened(true)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
      </ActionIcon>
      {opened && (
        <Suspense fallback={null}>
          <MarketSearchDialog onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
