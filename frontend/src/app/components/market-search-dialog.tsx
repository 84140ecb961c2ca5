import { Modal } from '@mantine/core';
import MarketSearch from '../../features/market/components/market-search';

/** The header's market search dialog (lazy: see market-search-button.tsx). */
export default function MarketSearchDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Поиск по маркету" size="lg" yOffset="10vh" data-testid="market-search-dialog">
      <MarketSearch autoFocus hideLabel label="Название предмета" onNavigate={onClose} />
    </Modal>
  );
}
