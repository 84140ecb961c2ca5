import { useMemo, useState } from 'react';
import { Alert, Button, Collapse, Group, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  ALL_INDUSTRY_SKILLS_V,
  formatPercent,
  SKILL_RANGE,
  type IndustrySkills,
  type IndustryStaticData,
} from '@eve-toolkit/shared-types';
import { useSession } from '../../../shared/session';
import { NumberField } from '../../../shared/ui/number-field';
import { useCharacterSkills, useIndustryCharacters } from '../api/industry.api';
import { inventionLevel, tradeFeesOf } from '../lib/skills';

/** Long skill names wrap to two lines: the inputs of a row line up at the bottom. */
const BOTTOM = { alignItems: 'end' } as const;

export interface SkillsPanelProps {
  staticData: IndustryStaticData;
  value: IndustrySkills;
  onChange: (skills: IndustrySkills) => void;
}

/**
 * The player's skills (default V, remembered in this browser): industry, science, trade and every
 * skill an invention needs; a linked character's skills load through ESI in one click.
 */
export function SkillsPanel({ staticData, value, onChange }: SkillsPanelProps) {
  const [open, setOpen] = useState(false);
  const [showInvention, setShowInvention] = useState(false);
  const { base, invention } = staticData.static.skills;
  // Sorted when the invention skills are first shown (the Russian collation's first use costs ~10 ms).
  const sciences = useMemo(
    () => (showInvention ? invention.filter((s) => !s.encryption).sort((a, b) => a.name.localeCompare(b.name, 'ru')) : []),
    [invention, showInvention],
  );
  const encryption = useMemo(
    () => (showInvention ? invention.filter((s) => s.encryption).sort((a, b) => a.name.localeCompare(b.name, 'ru')) : []),
    [invention, showInvention],
  );
  const fees = tradeFeesOf(value);
  const belowV =
    base.filter((s) => value[s.key] < SKILL_RANGE.max).length +
    invention.filter((s) => inventionLevel(value, s.id) < SKILL_RANGE.max).length;

  const setInvention = (id: number, level: number) =>
    onChange({ ...value, invention: { ...value.invention, [String(id)]: level } });

  const level = (label: string, current: number, set: (v: number) => void, key: string) => (
    <NumberField
      key={key}
      size="xs"
      label={label}
      min={SKILL_RANGE.min}
      max={SKILL_RANGE.max}
      emptyValue={SKILL_RANGE.max}
      value={current}
      onChange={(v) => set(v ?? SKILL_RANGE.max)}
    />
  );

  return (
    <Stack gap="xs" data-testid="skills-panel">
      <UnstyledButton onClick={() => setOpen((v) => !v)} aria-expanded={open}>
        <Text size="sm" c="blue">
          {open ? '▾' : '▸'} Навыки {belowV ? `(ниже V: ${belowV})` : '(все V)'} · налог с продаж{' '}
          {formatPercent(fees.salesTax * 100)}, брокер {formatPercent(fees.brokerFee * 100)}
        </Text>
      </UnstyledButton>
      {/* Mounted when opened: some twenty fields nobody sees until then stay out of the page's first render. */}
      <Collapse expanded={open} keepMounted={false}>
        <Stack gap="sm">
          <CharacterSkillsLoader onLoaded={onChange} />
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" style={BOTTOM}>
            {base.map((s) => level(s.name, value[s.key], (v) => onChange({ ...value, [s.key]: v }), s.key))}
          </SimpleGrid>
          <Group gap="xs">
            <UnstyledButton onClick={() => setShowInvention((v) => !v)} aria-expanded={showInvention}>
              <Text size="sm" c="blue">
                {showInvention ? '▾' : '▸'} Навыки изобретения ({invention.length}): шанс +1/30 за уровень, шифрование +1/40
              </Text>
            </UnstyledButton>
            <Button size="compact-xs" variant="subtle" onClick={() => onChange(ALL_INDUSTRY_SKILLS_V)}>
              Все на V
            </Button>
          </Group>
          {showInvention && (
            <Stack gap="xs">
              <Text size="xs" fw={600}>
                Науки
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" style={BOTTOM}>
                {sciences.map((s) => level(s.name, inventionLevel(value, s.id), (v) => setInvention(s.id, v), String(s.id)))}
              </SimpleGrid>
              <Text size="xs" fw={600}>
                Шифрование
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" style={BOTTOM}>
                {encryption.map((s) => level(s.name, inventionLevel(value, s.id), (v) => setInvention(s.id, v), String(s.id)))}
              </SimpleGrid>
            </Stack>
          )}
        </Stack>
      </Collapse>
    </Stack>
  );
}

/** "Load a linked character's skills": signed-in players with characters; others are told how. */
function CharacterSkillsLoader({ onLoaded }: { onLoaded: (skills: IndustrySkills) => void }) {
  const session = useSession();
  const signedIn = !!session.data?.isAuthenticated;
  const characters = useIndustryCharacters(signedIn);
  const load = useCharacterSkills();
  const [chosen, setChosen] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);

  if (!signedIn) {
    return (
      <Text size="xs" c="dimmed">
        Войдите и привяжите персонажа, чтобы загрузить его навыки из игры.
      </Text>
    );
  }
  const list = characters.data?.characters ?? [];
  if (characters.isSuccess && list.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Привяжите персонажа в профиле, чтобы загрузить его навыки из игры.
      </Text>
    );
  }
  const id = chosen ?? (list[0] ? String(list[0].id) : null);
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end">
        <Select
          size="xs"
          w={220}
          label="Персонаж"
          data={list.map((c) => ({ value: String(c.id), label: c.name }))}
          value={id}
          onChange={setChosen}
          allowDeselect={false}
          disabled={!list.length}
        />
        <Button
          size="xs"
          variant="light"
          disabled={!id}
          loading={load.isPending}
          onClick={async () => {
            if (!id) return;
            try {
              const res = await load.mutateAsync(Number(id));
              onLoaded(res.skills);
              setLoaded(res.character.name);
            } catch {
              setLoaded(null);
            }
          }}
        >
          Загрузить навыки персонажа
        </Button>
      </Group>
      {load.isError && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {load.error.message}
        </Alert>
      )}
      {loaded && !load.isError && (
        <Text size="xs" c="teal" role="status">
          Навыки персонажа {loaded} загружены (неизученные — 0)
        </Text>
      )}
    </Stack>
  );
}
