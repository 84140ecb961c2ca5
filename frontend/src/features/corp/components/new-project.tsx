import { Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Paper, Skeleton, Stack, Textarea, TextInput } from '@mantine/core';
import { CORP_LIMITS, CORP_MESSAGES, type JobNode } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { errorText, isAuthError, NEW_PROJECT_AUTH_REDIRECT, useAddProject, useProjects } from '../api/corp.api';
import { projectFromTree } from '../lib/project-from-tree';

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

  const create = async (result: CalculatedTree) => {
    if (!name.trim()) {
      setNameError(CORP_MESSAGES.projectName);
      return;
    }
    setNameError(null);
    try {
      const { project } = await add.mutateAsync(projectFromTree(result.tree, name, desc));
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
