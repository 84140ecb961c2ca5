import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Alert, Button, FileButton, Group, List, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  evenShare,
  LOOT_FORMAT_HINT,
  LOOT_LIMITS,
  LOOT_MESSAGES,
  movePilot,
  payoutTable,
  type LootLineIssue,
  type LootPriceChoice,
  type LootSplitState,
  type MoveDirection,
  type PayoutBasis,
} from '@eve-toolkit/shared-types';
import { ApiError } from '../../../shared/api-client';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { HubSelect } from '../../../shared/ui/hub-select';
import { useLootPrices, useLootUpload } from '../api/loot.api';
import { decodeShare, loadState, saveState, shareFromHash, shareLink, stateFromUpload } from '../lib/split-state';
import { allTypeIds, buildView } from '../lib/view';
import { CopyButton } from '../../../shared/ui/copy-button';
import { GroupCard } from './group-card';
import { PayoutTable } from './payout-table';

/** The .txt check of spec §5, before anything is sent. */
function localRefusal(file: File): string | null {
  if (!/\.txt$/i.test(file.name)) return LOOT_MESSAGES.wrongType;
  if (file.size === 0) return LOOT_MESSAGES.empty;
  if (file.size > LOOT_LIMITS.maxFileBytes) return LOOT_MESSAGES.tooLarge;
  return null;
}

/** Upload, groups with arrows, values at the hub, payouts; the split is kept locally and shared by link. */
export function LootSplitter() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  // Read once, at mount: the fragment is dropped after reading it.
  const [initialHash] = useState(hash);
  const hubId = useAtomValue(hubIdAtom);
  const [state, setState] = useState<LootSplitState | null>(null);
  const [ready, setReady] = useState(false);
  const [basis, setBasis] = useState<PayoutBasis>('buy');
  const [issues, setIssues] = useState<{ list: LootLineIssue[]; skipped: number } | null>(null);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const upload = useLootUpload();

  // A shared link wins over the stored split; the fragment is dropped once read.
  useEffect(() => {
    let live = true;
    void (async () => {
      const shared = shareFromHash(initialHash);
      let next: LootSplitState | null;
      if (shared !== null) {
        next = await decodeShare(shared);
        if (!live) return;
        setNotice(next ? { color: 'blue', text: 'Раздел открыт по ссылке' } : { color: 'red', text: LOOT_MESSAGES.badShare });
        void navigate('/loot', { replace: true });
        if (!next) next = await loadState();
      } else {
        next = await loadState();
      }
      if (!live) return;
      setState(next);
      setReady(true);
    })();
    return () => {
      live = false;
    };
  }, [navigate, initialHash]);

  useEffect(() => {
    if (ready) saveState(state);
  }, [ready, state]);

  const typeIds = useMemo(() => (state ? allTypeIds(state) : []), [state]);
  const prices = useLootPrices(hubId, typeIds);
  const priceMap = useMemo(() => new Map((prices.data?.types ?? []).map((t) => [t.type_id, t])), [prices.data]);
  /** Prices counted instead of missing ones (this page only), by type id. */
  const [choices, setChoices] = useState<ReadonlyMap<number, LootPriceChoice>>(new Map());
  const choose = (typeId: number, choice: LootPriceChoice | null) =>
    setChoices((prev) => {
      const next = new Map(prev);
      if (choice) next.set(typeId, choice);
      else next.delete(typeId);
      return next;
    });
  const views = useMemo(() => (state ? buildView(state, priceMap, choices) : []), [state, priceMap, choices]);
  const rows = useMemo(
    () =>
      state
        ? payoutTable(
            state.pilots.map((p) => p.name),
            state.groups,
            views.map((v) => v.value),
            basis,
          )
        : [],
    [state, views, basis],
  );
  const remainder = views.reduce((s, v) => {
    const value = v.value[basis];
    return value === null ? s : s + evenShare(value, v.pilots.length).remainder;
  }, 0);

  const onFile = (file: File | null) => {
    if (!file) return;
    setNotice(null);
    upload.reset();
    const refusal = localRefusal(file);
    if (refusal) {
      setNotice({ color: 'red', text: refusal });
      return;
    }
    upload.mutate(file, {
      onSuccess: (res) => {
        setState(stateFromUpload(res));
        setIssues({ list: res.errors, skipped: res.skipped });
      },
    });
  };

  const move = (pilot: number, direction: MoveDirection) =>
    setState((s) => (s ? { ...s, groups: movePilot(s.groups, pilot, direction) } : s));

  const uploadError = upload.error instanceof ApiError ? upload.error : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} align="flex-start">
          <FileButton onChange={onFile} accept=".txt,text/plain">
            {(props) => (
              <Button {...props} loading={upload.isPending}>
                {state ? 'Загрузить другой файл' : 'Загрузить файл .txt'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {LOOT_FORMAT_HINT}, до {LOOT_LIMITS.maxFileBytes / 1024 / 1024} МБ.
          </Text>
        </Stack>
        <HubSelect />
      </Group>

      {notice && (
        <Alert color={notice.color} variant="light" role={notice.color === 'red' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      {upload.isError && (
        <Alert color="red" variant="light" title="Файл не принят" role="alert" data-testid="loot-upload-error">
          <Text size="sm">{uploadError?.message ?? 'Не удалось загрузить файл'}</Text>
          {uploadError && uploadError.errors.length > 1 && (
            <List size="sm" mt="xs">
              {uploadError.errors.slice(1).map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {issues && issues.skipped > 0 && (
        <Alert color="yellow" variant="light" title={`Не учтено строк: ${issues.skipped}`} data-testid="loot-issues">
          <List size="sm">
            {issues.list.map((i) => (
              <List.Item key={i.line}>
                Строка {i.line}: {i.message}
                {i.message.includes(i.text) ? '' : ` — ${i.text}`}
              </List.Item>
            ))}
            {issues.skipped > issues.list.length && (
              <List.Item>{LOOT_MESSAGES.moreIssues(issues.skipped - issues.list.length)}</List.Item>
            )}
          </List>
        </Alert>
      )}

      {!ready ? (
        <Skeleton height={200} radius="lg" />
      ) : !state ? (
        <Text c="dimmed">
          Загрузите историю добычи флота: все пилоты попадут в одну группу; стрелками переносите пилотов в соседние группы.
        </Text>
      ) : (
        <>
          <Group gap="sm">
            <CopyButton label="Ссылка" variant="default" text={() => shareLink(window.location.origin, state)} />
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray"
              onClick={() => {
                setState(null);
                setIssues(null);
              }}
            >
              Очистить
            </Button>
            {prices.isError && (
              <Text size="sm" c="red" role="alert">
                Цены не загрузились: {prices.error.message}
              </Text>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(3, Math.max(1, views.length)) }} spacing="md">
            {views.map((g, i) => (
              <GroupCard key={g.pilots[0]?.index ?? i} group={g} index={i} onMove={move} onChoose={choose} />
            ))}
          </SimpleGrid>
          <PayoutTable rows={rows} basis={basis} onBasis={setBasis} remainder={remainder} />
        </>
      )}
    </Stack>
  );
}
