import { pingMessage, type PingSummary } from './discord-message';

const ping: PingSummary = {
  id: '65a000000000000000000001',
  name: 'Стратоп: защита Jita',
  desc: 'Берём доктрину, @everyone на сбор',
  type: 'home def',
  date: '2030-01-01T18:30:00.000Z',
  author: 'fc_ivan',
  formup: { name: 'Jita', security: 0.9459 },
  doctrine: 'Ferox',
  comms: 'Mumble: #fleet-1',
  srp: true,
  fc: 'Ivan',
};

describe('pingMessage', () => {
  it('carries every field of the ping, the time in EVE time and as Discord timestamps', () => {
    const m = pingMessage(ping, 'created');
    expect(m.content).toBe('**Новый пинг:** Стратоп: защита Jita');
    expect(m.allowed_mentions).toEqual({ parse: [] });
    expect(m.embeds).toHaveLength(1);
    const e = m.embeds[0];
    expect(e.title).toBe('Стратоп: защита Jita');
    expect(e.description).toBe('Берём доктрину, @everyone на сбор');
    expect(e.timestamp).toBe('2030-01-01T18:30:00.000Z');
    expect(e.footer).toEqual({ text: 'Автор: fc_ivan' });
    expect(e.fields).toEqual([
      { name: 'Время', value: '2030-01-01 18:30 ET\n<t:1893522600:F> (<t:1893522600:R>)', inline: false },
      { name: 'Тип', value: 'Защита дома', inline: true },
      { name: 'Сбор', value: 'Jita (0,9)', inline: true },
      { name: 'Доктрина', value: 'Ferox', inline: true },
      { name: 'Связь', value: 'Mumble: #fleet-1', inline: true },
      { name: 'СРП', value: 'Да', inline: true },
      { name: 'ФК', value: 'Ivan', inline: true },
    ]);
  });

  it.each([
    ['updated', '**Пинг изменён:** Стратоп: защита Jita', 'Стратоп: защита Jita', 0xf59e0b],
    ['cancelled', '**Пинг отменён:** Стратоп: защита Jita', '~~Стратоп: защита Jita~~', 0xdc2626],
    ['test', '**Проверка вебхука:** Стратоп: защита Jita', 'Стратоп: защита Jita', 0x6b7280],
  ] as const)('%s: headline %s, title %s', (kind, content, title, color) => {
    const m = pingMessage(ping, kind);
    expect([m.content, m.embeds[0].title, m.embeds[0].color]).toEqual([content, title, color]);
  });

  it('leaves out fields a ping does not have and keeps within Discord limits', () => {
    const bare: PingSummary = {
      ...ping,
      desc: '',
      formup: null,
      doctrine: '',
      comms: null,
      srp: null,
      fc: null,
      name: 'x'.repeat(300),
    };
    const e = pingMessage(bare, 'created').embeds[0];
    expect(e.fields.map((f) => f.name)).toEqual(['Время', 'Тип']);
    expect(e.description).toBeUndefined();
    expect(e.title).toHaveLength(256);
    expect(e.title.endsWith('…')).toBe(true);
  });
});
