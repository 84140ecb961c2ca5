import { Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CORP_LIMITS, CORP_MESSAGES, type JobNode } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { errorText, isAuthError, NEW_PROJECT_AUTH_REDIRECT, useAddProject, useProjects } from '../api/corp.api';
import { NumberField } from '../../../shared/ui/number-field';
import { projectFromTree, type PayRate } from '../lib/project-from-tree';

/** A calculated tree, as the calculator hands it to its extra actions. */
export interface CalculatedTree {
  /** The tree with the user's build/buy choices and payouts. */
  tree: JobNode;
}

/**
 * Renders the industry calculator with `actions` shown beside its result. The app composes it
 * (app/pages/corp-new-project-page.tsx): the corporation feature does not import the industry one.
 */
export type CalculatorSlot = (actions: (result: CalculatedTree) => ReactNode) => ReactNode;

/**
 * /corp/new_project: the industry calculator plus a name and a description; 'Создать проект'
 * publishes the built nodes as build jobs and the shopping list as buy jobs. 401/403 here lead
 * to /corp/projects (spec §6).
 */
export function NewProject({ calculator }: { calculator: CalculatorSlot }) {
  const navigate = useNavigate();
  const projects = useProjects(NEW_PROJECT_AUTH_REDIRECT);
  const add = useAddProject();
  const [name, setName] = useState('');
  const [desc, setDesc] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [rate, setRate] = useState<PayRate>({ amount: null, per: 'run' });

  const create = async (result: CalculatedTree) => {
    if (!name.trim()) {
      setNameError(CORP_MESSAGES.projectName);
      return;
    }
    setNameError(null);
    try {
      const { project } = await add.mutateAsync(projectFromTree(result.tree, name, desc, rate));
      navigate(`/corp/projects/${project.id}`);
    } catch {
      // shown from add.error
    }
  };

  if (projects.isPending || isAuthError(projects.error)) return <Skeleton height={320} radius="lg" />;
  if (projects.data && !projects.data.can_create)
    return (
      <Alert color="yellow" title="Новый проект" role="alert">
        {CORP_MESSAGES.cannotCreateProject}
      </Alert>
    );

  return (
    <>
      <PageHeader
        title="Новый проект"
        description="Рассчитайте производство в калькуляторе, выберите, что строить и что купить, задайте оплату за прогон — и опубликуйте работы для сокорпов."
      />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm">
            <TextInput
              label="Название проекта"
              withAsterisk
              value={name}
              maxLength={CORP_LIMITS.projectName}
              onChange={(e) => setName(e.currentTarget.value)}
              error={nameError}
            />
            <Textarea
              label="Описание"
              autosize
              minRows={2}
              maxLength={CORP_LIMITS.projectDesc}
              value={desc}
              onChange={(e) => setDesc(e.currentTarget.value)}
            />
            <Group gap="sm" align="flex-end" wrap="wrap">
              <NumberField
                label="Оплата работ, ISK"
                description="для работ без своей выплаты в дереве"
                w={220}
                min={0}
                max={CORP_LIMITS.maxPrice}
                decimals={2}
                allowEmpty
                placeholder="без оплаты"
                value={rate.amount}
                onChange={(amount) => setRate((r) => ({ ...r, amount }))}
                data-testid="project-pay-rate"
              />
              <NativeSelect
                label="За что"
                aria-label="Оплата за прогон или за единицу продукции"
                data={[
                  { value: 'run', label: 'за прогон' },
                  { value: 'unit', label: 'за единицу продукции' },
                ]}
                value={rate.per}
                onChange={(e) => setRate((r) => ({ ...r, per: e.currentTarget.value as PayRate['per'] }))}
                data-testid="project-pay-per"
              />
            </Group>
            <Text size="xs" c="dimmed">
              Выплата, заданная узлу в дереве, важнее. Закупки оплачиваются по цене BUY хаба; без цены — без оплаты.
            </Text>
            {add.isError && !isAuthError(add.error) && (
              <Alert color="red" variant="light" title="Проект не создан" role="alert">
                {errorText(add.error)}
              </Alert>
            )}
          </Stack>
        </Paper>
        <Suspense fallback={<Skeleton height={320} radius="lg" />}>
          {calculator((result) => (
            <Button size="compact-sm" color="green" loading={add.isPending} onClick={() => void create(result)}>
              Создать проект
            </Button>
          ))}
        </Suspense>
      </Stack>
    </>
  );
}
