import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { APPRAISAL_FAILURE, MESSAGES, type AppraisalResponse } from '@eve-toolkit/shared-types';
import { ApiError } from '../../../shared/api-client';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { HubSelect } from '../../../shared/ui/hub-select';
import { LoadingView } from '../../../shared/ui/loading-view';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAppraise, useSavedAppraisal } from '../api/appraisal.api';
import { AppraisalErrors } from '../components/appraisal-errors';
import { canSubmit, decodeDataParam } from '../lib/appraisal-text';

// The result table (Mantine table, switch, badges) is its own chunk: the page shell renders within
// the first-load budget (scripts/check-first-load.mjs) and the table arrives with the first answer.
const AppraisalResult = lazy(() => import('../components/appraisal-result').then((m) => ({ default: m.AppraisalResult })));

/** The message for a failed request: the server's Russian text for 4xx, the generic one otherwise (spec §8). */
function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : MESSAGES.appError;
}

/** /market/appraisal: paste a list, price it at a hub, copy it or share a link to it (spec §2 "Appraisal"). */
export default function AppraisalPage() {
  const [params] = useSearchParams();
  const [text, setText] = useState(() => decodeDataParam(params.get('data') ?? ''));
  const hubId = useAtomValue(hubIdAtom);
  const [result, setResult] = useState<AppraisalResponse | null>(null);
  const [showCurrent, setShowCurrent] = useState(false);
  const appraise = useAppraise();
  const savedId = result ? null : params.get('id');
  const saved = useSavedAppraisal(savedId, false);
  const savedNow = useSavedAppraisal(savedId && showCurrent ? savedId : null, true);

  useEffect(() => {
    const data = params.get('data');
    if (data !== null) setText(decodeDataParam(data));
  }, [params]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit(text) || appraise.isPending) return;
    try {
      setResult(await appraise.mutateAsync({ appraisal: text, hub: hubId }));
    } catch {
      setResult(null);
    }
  };

  const shown = result ?? saved.data ?? null;
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
        description="Вставьте список из игры — инвентарь, контракт, фит, скан, журнал добычи, историю лута — на русском или английском: получите стоимость по ценам SELL и BUY в выбранном хабе, объём и ссылку, которой можно поделиться."
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
          <Group align="flex-end" gap="sm">
            <HubSelect />
            <Button type="submit" loading={appraise.isPending}>
              Оценить
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap="md" mt="lg">
        {loading && <LoadingView fullScreen={false} />}
        {!loading && <AppraisalErrors errors={shown?.errors ?? []} appError={appError} />}
        {!loading && shown && shown.data.length > 0 && (
          <Suspense fallback={<Skeleton height={240} radius="lg" />}>
            <AppraisalResult
              key={`${shown.id}:${shown.created_at}`}
              data={shown.data}
              id={shown.id}
              pricedAt={shown.created_at}
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
            Сохранённая оценка хранится до {new Date(saved.data.expires_at).toLocaleDateString('ru-RU')}.
          </Text>
        )}
      </Stack>
    </>
  );
}
