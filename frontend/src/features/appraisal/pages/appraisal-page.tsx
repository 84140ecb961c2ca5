import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAtom } from 'jotai';
import { Button, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import {
  formatDate,
  APPRAISAL_FAILURE,
  APPRAISAL_MAX_PERCENT,
  APPRAISAL_MIN_PERCENT,
  MESSAGES,
  type AppraisalPriceKind,
  type AppraisalResponse,
  type AppraisalSuggestion,
} from '@eve-toolkit/shared-types';
import { ApiError } from '../../../shared/api-client';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { isGameDataUnavailable } from '../../../shared/query-retry';
import { HubSelect } from '../../../shared/ui/hub-select';
import { useSession } from '../../../shared/session';
import { LoadingView } from '../../../shared/ui/loading-view';
import { NumberField } from '../../../shared/ui/number-field';
import { LaterSuspense } from '../../../shared/ui/later-suspense';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAppraise, useSavedAppraisal } from '../api/appraisal.api';
import { AppraisalErrors } from '../components/appraisal-errors';
import { canSubmit, decodeDataParam } from '../lib/appraisal-text';
import {
  addLocal,
  appraisalAddressParams,
  linesAsText,
  localEntry,
  readLocal,
  replaceInLine,
  viewFromParams,
  writeLocal,
} from '../lib/appraisal-view';

// The result table (Mantine table, switch, badges) and the history are their own chunks: the page
// shell renders within the first-load budget (scripts/check-first-load.mjs).
const AppraisalResult = lazy(() => import('../components/appraisal-result').then((m) => ({ default: m.AppraisalResult })));
const ServerHistory = lazy(() => import('../components/appraisal-history').then((m) => ({ default: m.ServerHistory })));
const LocalHistory = lazy(() => import('../components/appraisal-history').then((m) => ({ default: m.LocalHistory })));

/**
 * The message for a failed request: the server's Russian text for 4xx and for game data that could
 * not be loaded (it says why and whose matter it is), the generic one otherwise (spec §8).
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && ((error.status >= 400 && error.status < 500) || isGameDataUnavailable(error)))
    return error.message;
  return MESSAGES.appError;
}

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

/**
 * /market/appraisal: paste a list, price it at a hub (buyback percent, best order or the 5 % book
 * average, every hub compared), copy it or share a link to it (spec §2 "Appraisal"); a signed-in
 * player's appraisals are listed below, an anonymous visitor's last few are kept in the browser.
 */
export default function AppraisalPage() {
  const [params, setParams] = useSearchParams();
  const linkView = viewFromParams(params);
  const [text, setText] = useState(() => decodeDataParam(params.get('data') ?? ''));
  const [hubId, setHubId] = useAtom(hubIdAtom);
  const [percent, setPercent] = useState<number | null>(linkView.percent);
  const [kind, setKind] = useState<AppraisalPriceKind>(linkView.kind ?? 'best');
  const [result, setResult] = useState<AppraisalResponse | null>(null);
  const [showCurrent, setShowCurrent] = useState(false);
  const [local, setLocal] = useState(() => (storage() ? readLocal(storage()!) : []));
  const session = useSession();
  const signedIn = session.data?.isAuthenticated === true;
  const appraise = useAppraise();
  const savedId = result ? null : params.get('id');
  const saved = useSavedAppraisal(savedId, false);
  const savedNow = useSavedAppraisal(savedId && showCurrent ? savedId : null, true);

  useEffect(() => {
    const data = params.get('data');
    if (data !== null) setText(decodeDataParam(data));
  }, [params]);

  const run = async (paste: string, hub: number) => {
    if (!canSubmit(paste) || appraise.isPending) return;
    try {
      const answer = await appraise.mutateAsync({ appraisal: paste, hub, percent: percent ?? APPRAISAL_MAX_PERCENT });
      setResult(answer);
      if (answer.id && !signedIn && storage()) {
        const next = addLocal(local, localEntry({ ...answer, id: answer.id }));
        writeLocal(storage()!, next);
        setLocal(next);
      }
      // The address is the new appraisal's own at once (as «Ссылка» copies it); without one, none.
      setParams(answer.id ? appraisalAddressParams(answer.id, undefined, answer.percent) : {}, { replace: true });
    } catch {
      setResult(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(text, hubId);
  };

  const shown = result ?? saved.data ?? null;
  // Another hub: the box's paste, or (a saved appraisal opened by its link) its own lines.
  const switchHub = (hub: number) => {
    if (!shown) return;
    setHubId(hub);
    void run(result && canSubmit(text) ? text : linesAsText(shown.data), hub);
  };
  const pick = (s: AppraisalSuggestion, name: string) => {
    const next = replaceInLine(text, s.line, s.text, name);
    if (next === null) return;
    setText(next);
    void run(next, hubId);
  };
  const removeLocal = (id: string) => {
    const next = local.filter((e) => e.id !== id);
    if (storage()) writeLocal(storage()!, next);
    setLocal(next);
  };

  const view = { kind, percent: percent ?? shown?.percent ?? APPRAISAL_MAX_PERCENT };

  // A saved appraisal opened by its link: its lines in the box (the recipient sees what was appraised).
  const savedLines = !result && saved.data ? saved.data.data : null;
  useEffect(() => {
    if (savedLines && savedLines.length > 0) setText((t) => (t.trim() === '' ? linesAsText(savedLines) : t));
  }, [savedLines]);
  // The address follows the shown view (percent, price kind), as «Ссылка» would copy it.
  const shownId = shown?.id ?? null;
  const shownPercent = shown?.percent;
  useEffect(() => {
    if (!shownId || shownPercent === undefined) return;
    const next = appraisalAddressParams(shownId, { kind, percent: percent ?? shownPercent }, shownPercent);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [shownId, shownPercent, kind, percent, params, setParams]);
  const appError =
    appraise.isError || (saved.isError && !result)
      ? failureMessage(appraise.error ?? saved.error)
      : shown?.errors[0] === APPRAISAL_FAILURE
        ? MESSAGES.appError
        : null;
  const loading = appraise.isPending || (savedId !== null && saved.isPending);

  return (
    <>
      <PageHeader
        title="Оценка"
        description="Вставьте список из игры — инвентарь, контракт, фит, скан, журнал добычи, историю лута, список чертежей — на русском или английском: получите стоимость по ценам SELL и BUY в выбранном хабе и во всех хабах сразу, объём и ссылку, которой можно поделиться."
      />
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Textarea
            label="Список предметов"
            placeholder="Plex 1"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={6}
            maxRows={18}
            data-testid="appraisal-text"
          />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <HubSelect />
            <NumberField
              label="Процент выкупа, %"
              description="итоги по этой доле цены"
              value={view.percent}
              onChange={(v) => setPercent(v)}
              min={APPRAISAL_MIN_PERCENT}
              max={APPRAISAL_MAX_PERCENT}
              w={170}
            />
            <Button type="submit" loading={appraise.isPending}>
              Оценить
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap="md" mt="lg">
        {loading && <LoadingView fullScreen={false} />}
        {!loading && (
          <AppraisalErrors
            errors={shown?.errors ?? []}
            appError={appError}
            suggestions={shown?.suggestions ?? []}
            onPick={result ? pick : undefined}
          />
        )}
        {!loading && shown && shown.data.length > 0 && (
          <Suspense fallback={<Skeleton height={240} radius="lg" />}>
            <AppraisalResult
              key={`${shown.id}:${shown.created_at}`}
              result={shown}
              view={view}
              onKindChange={setKind}
              onSwitchHub={switchHub}
              switching={appraise.isPending}
              {...(result
                ? {}
                : {
                    current: savedNow.data?.current ?? null,
                    showCurrent,
                    onToggleCurrent: setShowCurrent,
                    currentLoading: showCurrent && savedNow.isPending,
                  })}
            />
          </Suspense>
        )}
        {!loading && saved.data && !result && (
          <Text size="sm" c="dimmed">
            Сохранённая оценка хранится до {formatDate(saved.data.expires_at)}.
          </Text>
        )}
        <LaterSuspense fallback={null}>
          {signedIn ? <ServerHistory /> : <LocalHistory items={local} onRemove={removeLocal} />}
        </LaterSuspense>
      </Stack>
    </>
  );
}
