import { screen, waitFor, within } from '@testing-library/react';
import { PiRulesIndex, validateTemplateText, type SystemSearchResponse } from '@eve-toolkit/shared-types';
import { renderApp, type FetchHandler } from '../../../test/render-app';
import { CATALOGUE, PLANETS } from '../lib/catalogue.fixture';
import { plain } from '../../../test/text';

const JITA: SystemSearchResponse = {
  systems: [
    {
      id: 30000142,
      name: 'Jita',
      security: 0.945913,
      securityDisplay: 0.9,
      regionId: 10000002,
      regionName: 'The Forge',
      constellationId: 20000020,
      constellationName: 'Kimotoro',
    },
  ],
};

function planetologyApi(): FetchHandler {
  return (url) => {
    if (url === '/data/universe/blueprints') return { body: CATALOGUE };
    if (url.startsWith('/data/universe/systems?q=')) return { body: JITA };
    if (url === '/data/universe/systems/30000142/planets') return { body: { planets: PLANETS } };
    return undefined;
  };
}
type Rendered = ReturnType<typeof renderApp>;
const ctx = { ...CATALOGUE, rules: new PiRulesIndex(CATALOGUE.rules) };

async function chooseProduct({ user }: Rendered, query: string, option: string) {
  await user.type(await screen.findByPlaceholderText('Robotics'), query);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('/planetology', () => {
  it('shows the testing banner with import instructions, the form with its placeholders and no cards yet', async () => {
    renderApp('/planetology', { handler: planetologyApi() });
    const banner = await screen.findByTestId('planetology-banner');
    expect(banner).toHaveTextContent('Раздел в тестировании');
    expect(banner).toHaveTextContent('Типы, значения, схемы и ресурсы могут не совпадать с игрой.');
    expect(banner).toHaveTextContent('вставку шаблона из буфера обмена');
    expect(await screen.findByPlaceholderText('Jita')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Robotics')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Построить' })).toBeInTheDocument();
    expect(screen.queryByText('Вам потребуются:')).not.toBeInTheDocument();
  });

  it("alerts 'Вы должны выбрать что хотите произвести' without a product", async () => {
    const r = renderApp('/planetology', { handler: planetologyApi() });
    await r.user.click(await screen.findByRole('button', { name: 'Построить' }));
    expect(await screen.findByTestId('planetology-alert')).toHaveTextContent('Вы должны выбрать что хотите произвести');
  });

  it("suggests products from 3 characters; a raw resource alerts 'Невозможно построить схему для базового ресурса'", async () => {
    const r = renderApp('/planetology', { handler: planetologyApi() });
    await r.user.type(await screen.findByPlaceholderText('Robotics'), 'ba');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await r.user.type(screen.getByPlaceholderText('Robotics'), 's');
    await r.user.click(await screen.findByRole('option', { name: 'Base Metals (P0)' }));
    await r.user.click(screen.getByRole('button', { name: 'Построить' }));
    expect(await screen.findByTestId('planetology-alert')).toHaveTextContent('Невозможно построить схему для базового ресурса');
  });

  it("Robotics: a card 'Вам потребуются:' with extractors, factories, counts, inputs and the buttons; it collapses", async () => {
    const r = renderApp('/planetology', { handler: planetologyApi() });
    await chooseProduct(r, 'rob', 'Robotics (P3)');
    await r.user.click(screen.getByRole('button', { name: 'Построить' }));
    const card = await screen.findByTestId('chain-9848');
    expect(within(card).getByText('Вам потребуются:')).toBeInTheDocument();
    expect(within(card).getByText('Добытчики')).toBeInTheDocument();
    expect(within(card).getByText('Заводы')).toBeInTheDocument();

    const extractors = within(card).getByTestId('extractors');
    expect(within(extractors).getAllByRole('row')).toHaveLength(4);
    const nonCs = within(card).getByTestId('extractor-2306');
    expect(nonCs).toHaveTextContent('Non-CS Crystals');
    expect(nonCs).toHaveTextContent('12 000 ед./ч');
    expect(nonCs).toHaveTextContent('Lava 60 %');
    expect(
      within(nonCs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Обычный 6', 'Обычный 8']);

    const mech = within(card).getByTestId('factory-3689');
    expect(mech).toHaveTextContent('×2');
    expect(mech).toHaveTextContent('Reactive Metals × 40');
    expect(mech).toHaveTextContent('Precious Metals × 40');
    expect(mech).toHaveTextContent('На 10 000 м³: 657 циклов');
    // 'Мега' only for the 0.75 m³ class (P2).
    expect(
      within(mech)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Звезда', 'Мега']);
    const robotics = within(card).getByTestId('factory-9848');
    expect(robotics).toHaveTextContent('×1');
    expect(
      within(robotics)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Звезда']);
    expect(
      within(within(card).getByTestId('factory-2398'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Звезда']);

    await r.user.click(within(card).getByRole('button', { name: 'Свернуть' }));
    expect(within(card).getByRole('button', { name: 'Развернуть' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("choosing a system lists its planets with resource icons and colours the extractors' planet types", async () => {
    const r = renderApp('/planetology', { handler: planetologyApi() });
    await r.user.type(await screen.findByPlaceholderText('Jita'), 'jit');
    await r.user.click(await screen.findByRole('option', { name: 'Jita (0,9)' }));
    const planets = await screen.findByTestId('planets');
    expect(within(planets).getByTestId('planet-40009077')).toHaveTextContent('Jita I');
    expect(
      within(within(planets).getByTestId('planet-40009077'))
        .getAllByRole('img')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual(['Base Metals', 'Noble Metals']);
    await chooseProduct(r, 'rob', 'Robotics (P3)');
    await r.user.click(screen.getByRole('button', { name: 'Построить' }));
    const card = await screen.findByTestId('chain-9848');
    const highlight = (resource: number) =>
      [...within(card).getByTestId(`extractor-${resource}`).querySelectorAll('[data-highlight]')].map((b) => [
        plain(b.textContent),
        b.getAttribute('data-highlight'),
      ]);
    expect(highlight(2270)).toEqual([['Barren 80 %', 'match']]);
    expect(highlight(2306)).toEqual([['Lava 60 %', 'match']]);
  });

  it("'Звезда' copies a template that parses and validates; a chosen planet gives its type and diameter", async () => {
    const r = renderApp('/planetology', { handler: planetologyApi() });
    await r.user.type(await screen.findByPlaceholderText('Jita'), 'jit');
    await r.user.click(await screen.findByRole('option', { name: 'Jita (0,9)' }));
    await screen.findByTestId('planets');
    await chooseProduct(r, 'rob', 'Robotics (P3)');
    await r.user.click(screen.getByRole('button', { name: 'Построить' }));
    const card = await screen.findByTestId('chain-9848');

    await r.user.click(within(within(card).getByTestId('factory-9848')).getByRole('button', { name: 'Звезда' }));
    expect(await within(card).findByTestId('copy-status')).toHaveTextContent(
      'Шаблон «Звезда» для «Robotics» скопирован: 12 заводов',
    );
    const barren = validateTemplateText(await navigator.clipboard.readText(), ctx, { strict: true });
    expect(barren.errors).toEqual([]);
    expect(barren.template).toMatchObject({ Pln: 2016, Diam: 5820, CmdCtrLv: 4 });

    await r.user.click(screen.getByRole('combobox', { name: 'Шаблоны для планеты' }));
    await r.user.click(await screen.findByRole('option', { name: 'Jita VI (Lava), КЦ 4' }));
    await r.user.click(within(within(card).getByTestId('factory-3689')).getByRole('button', { name: 'Мега' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toContain('"Pln": 2015'));
    const lava = validateTemplateText(await navigator.clipboard.readText(), ctx, { strict: true });
    expect(lava.errors).toEqual([]);
    expect(lava.template).toMatchObject({ Pln: 2015, Diam: 6880, Cmt: expect.stringContaining('(Jita VI)') });
    // Noble Metals are not on Lava: its extractor buttons are disabled with the reason.
    const noble = within(within(card).getByTestId('extractor-2270')).getByRole('button', { name: 'Обычный 6' });
    expect(noble).toBeDisabled();
    expect(noble).toHaveAttribute('title', 'На планете Lava нет ресурса «Noble Metals»');
  });
});
