/**
 * /planetology in real Chromium against the demo app (full SDE): search a system and a product,
 * build, press every template button, and check that the clipboard holds a template that parses
 * and passes the strict validator with the catalogue the API serves.
 */
import {
  PiRulesIndex,
  validateTemplateText,
  type PlanetologyCatalogueResponse,
  type SystemPlanetsResponse,
  type ValidationContext,
} from '@eve-toolkit/shared-types';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, screenshot, useBrowserPage } from './support/browser';

jest.setTimeout(180_000);

const JITA = 30000142;

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

let ctx: ValidationContext;
let planets: SystemPlanetsResponse['planets'];
beforeAll(async () => {
  const catalogue = await api<PlanetologyCatalogueResponse>('/data/universe/blueprints');
  ctx = { ...catalogue, rules: new PiRulesIndex(catalogue.rules) };
  planets = (await api<SystemPlanetsResponse>(`/data/universe/systems/${JITA}/planets`)).planets;
});

async function searchAndBuild(page: Page, product: string, option: string): Promise<Locator> {
  await page.goto('/planetology');
  await page.getByTestId('planetology-banner').waitFor();
  await page.getByPlaceholder('Jita').fill('Jit');
  await page.getByRole('option', { name: 'Jita (0,9)' }).click();
  await page.getByTestId('planets').getByText('Jita VIII', { exact: true }).waitFor();
  await page.getByPlaceholder('Robotics').fill(product);
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('button', { name: 'Построить' }).click();
  const card = page.getByRole('region', { name: `Схема: ${product}` });
  await card.getByText('Вам потребуются:').waitFor();
  return card;
}

/** Presses every enabled template button of the card; each must put a valid template on the clipboard. */
async function pressEveryButton(page: Page, card: Locator, expectPlanet: { Pln: number; Diam: number }, scope: Locator = card) {
  const buttons = scope.locator('button[data-layout]');
  const total = await buttons.count();
  let pressed = 0;
  for (let i = 0; i < total; i++) {
    const button = buttons.nth(i);
    if (await button.isDisabled()) continue;
    const layout = await button.getAttribute('data-layout');
    // A marker first, so a button that copies nothing cannot pass on the previous template.
    await page.evaluate(() => navigator.clipboard.writeText('—'));
    await button.click();
    await page.waitForFunction(async () => (await navigator.clipboard.readText()) !== '—');
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const result = validateTemplateText(text, ctx, { strict: true });
    expect({ layout, errors: result.errors, warnings: result.warnings }).toEqual({ layout, errors: [], warnings: [] });
    expect(result.template).toMatchObject({ CmdCtrLv: 4, ...expectPlanet });
    expect(await card.getByTestId('copy-status').textContent()).toMatch(/^Шаблон «.+» для «.+» скопирован/);
    pressed++;
  }
  return { pressed, total };
}

describe('planetology in Chromium', () => {
  const s = useBrowserPage();

  beforeEach(async () => {
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  it('Robotics in Jita: the card, every button copies a valid template for the default Barren planet (CC 4)', async () => {
    const card = await searchAndBuild(s.page, 'Robotics', 'Robotics (P3)');
    // Extractors: Base, Heavy, Noble Metals and Non-CS Crystals; Jita has Barren, Lava, Ice, Gas, Temperate planets.
    const nonCs = card.getByTestId('extractor-2306');
    expect(await nonCs.locator('[data-highlight="match"]').allTextContents()).toEqual([
      expect.stringMatching(/(^|\?)Lava \d+\s%$/),
    ]);
    expect(await nonCs.locator('[data-highlight="miss"]').allTextContents()).toEqual([
      expect.stringMatching(/(^|\?)Plasma \d+\s%$/),
    ]);
    expect(await card.getByTestId('factory-3689').textContent()).toContain('×2');
    expect(await card.getByTestId('factory-9848').getByRole('button').allTextContents()).toEqual(['Звезда']);
    expect(await card.getByTestId('factory-3689').getByRole('button').allTextContents()).toEqual(['Звезда', 'Мега']);

    const barren = ctx.planetTypes.find((t) => t.id === 2016)!;
    // Non-CS Crystals are not on Barren: its extractor templates go to the richest planet type offering them.
    const { pressed, total } = await pressEveryButton(
      s.page,
      card,
      { Pln: 2016, Diam: barren.typicalDiameter },
      card.getByTestId('factories'),
    );
    expect([pressed, total]).toEqual([9, 9]); // 7 x 'Звезда' + 2 x 'Мега'
    const extractorButtons = card.getByTestId('extractors').locator('button[data-layout]');
    expect(await extractorButtons.count()).toBe(8);
    for (let i = 0; i < 8; i++) {
      await s.page.evaluate(() => navigator.clipboard.writeText('—'));
      await extractorButtons.nth(i).click();
      await s.page.waitForFunction(async () => (await navigator.clipboard.readText()) !== '—');
      const result = validateTemplateText(await s.page.evaluate(() => navigator.clipboard.readText()), ctx, { strict: true });
      expect(result.errors).toEqual([]);
      expect(result.template?.P.filter((p) => p.H > 0)).toHaveLength(1);
    }
    await screenshot(s.page, 'planetology-robotics');
  });

  it('a chosen planet (Jita VI, Lava): templates carry its type and real diameter; buttons that cannot be built there are disabled', async () => {
    const card = await searchAndBuild(s.page, 'Robotics', 'Robotics (P3)');
    await s.page.getByRole('combobox', { name: 'Шаблоны для планеты' }).click();
    await s.page.getByRole('option', { name: 'Jita VI (Lava), КЦ 4' }).click();
    const lava = planets.find((p) => p.name === 'Jita VI')!;
    expect(lava.type_id).toBe(2015);
    const { pressed, total } = await pressEveryButton(s.page, card, { Pln: 2015, Diam: lava.diameter! });
    // Noble Metals are not on Lava (its two extractor buttons are disabled); everything else builds.
    expect([pressed, total]).toEqual([15, 17]);
    const noble = card.getByTestId('extractor-2270').getByRole('button', { name: 'Обычный 6' });
    expect(await noble.isDisabled()).toBe(true);
    expect(await noble.getAttribute('title')).toBe('На планете Lava нет ресурса «Noble Metals»');
  });

  it('alerts: no product, then a raw resource', async () => {
    await s.page.goto('/planetology');
    await s.page.getByRole('button', { name: 'Построить' }).click();
    expect(await s.page.getByTestId('planetology-alert').textContent()).toBe('Вы должны выбрать что хотите произвести');
    await s.page.getByPlaceholder('Robotics').fill('Base Met');
    await s.page.getByRole('option', { name: 'Base Metals (P0)' }).click();
    await s.page.getByRole('button', { name: 'Построить' }).click();
    await s.page.getByText('Невозможно построить схему для базового ресурса').waitFor();
  });

  it('a P4 (Broadcast Node): High-Tech plants on the default Barren planet', async () => {
    const card = await searchAndBuild(s.page, 'Broadcast Node', 'Broadcast Node (P4)');
    await s.page.evaluate(() => navigator.clipboard.writeText('—'));
    await card.getByTestId('factory-2867').getByRole('button', { name: 'Звезда' }).click();
    await s.page.waitForFunction(async () => (await navigator.clipboard.readText()) !== '—');
    const result = validateTemplateText(await s.page.evaluate(() => navigator.clipboard.readText()), ctx, { strict: true });
    expect(result.errors).toEqual([]);
    expect(new Set(result.template!.P.slice(1).map((p) => p.T))).toEqual(new Set([2475]));
  });
});
