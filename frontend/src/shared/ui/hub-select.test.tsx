import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { createStore, Provider } from 'jotai';
import { HUBS } from '@eve-toolkit/shared-types';
import { hubIdAtom } from '../preferences.atoms';
import { HubSelect } from './hub-select';

function setup() {
  const store = createStore();
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        <HubSelect />
      </MantineProvider>
    </Provider>,
  );
  return { store, user, box: screen.getByRole<HTMLSelectElement>('combobox', { name: 'Торговый хаб' }) };
}

afterEach(() => {
  document.cookie = 'cookies_allow=; max-age=0; path=/';
  document.cookie = 'market_hub_id=; max-age=0; path=/';
});

describe('HubSelect', () => {
  it('shows Jita 4-4 by default and offers every hub in order', () => {
    const { box } = setup();
    expect(box.selectedOptions[0].textContent).toBe('Jita 4-4');
    expect(
      within(box)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(HUBS.map((h) => h.label));
  });

  it('sets the one hub every priced page reads, and keeps it in the cookie only with consent', async () => {
    document.cookie = 'cookies_allow=accepted; path=/';
    const { store, user, box } = setup();
    await user.selectOptions(box, 'Amarr');
    expect(store.get(hubIdAtom)).toBe(1);
    expect(box.selectedOptions[0].textContent).toBe('Amarr');
    expect(document.cookie).toContain('market_hub_id=1');
  });

  it('without consent the choice lives in memory only', async () => {
    const { store, user, box } = setup();
    await user.selectOptions(box, 'Dodixie');
    expect(store.get(hubIdAtom)).toBe(3);
    expect(document.cookie).not.toContain('market_hub_id');
  });
});
