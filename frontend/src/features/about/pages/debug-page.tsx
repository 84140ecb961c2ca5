import { useForm } from 'react-hook-form';
import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { FEEDBACK_LIMITS, MESSAGES, type PostDebugRequest } from '@eve-toolkit/shared-types';
import { lazyZodResolver } from '../../../shared/lazy-resolver';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePostDebug } from '../api/about.api';

/** /about/debug: feedback form -> POST api/post_debug. */
export default function DebugPage() {
  const mutation = usePostDebug();
  const form = useForm<PostDebugRequest>({
    resolver: lazyZodResolver(() => import('@eve-toolkit/shared-types/schemas').then((m) => m.postDebugSchema)),
    defaultValues: { title: '', msg: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      form.reset();
    } catch {
      // shown below from mutation.error
    }
  });

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        title="Обратная связь"
        description="Нашли ошибку, хотите предложить идею или просто сказать спасибо? Напишите нам."
      />
      {mutation.isSuccess && (
        <Alert color="teal" variant="light" title="Отправлено" role="status" withCloseButton onClose={mutation.reset}>
          {MESSAGES.feedbackThanks}
        </Alert>
      )}
      {mutation.isError && (
        <Alert color="red" variant="light" title="Не удалось отправить" role="alert">
          {mutation.error.message}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="lg" component="form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Заголовок"
            placeholder="Кратко о чём речь"
            maxLength={FEEDBACK_LIMITS.title}
            error={errors.title?.message}
            withAsterisk
            {...form.register('title')}
          />
          <Textarea
            label="Сообщение"
            placeholder="Опишите подробнее: что делали, что ожидали и что получилось"
            autosize
            minRows={5}
            maxRows={14}
            maxLength={FEEDBACK_LIMITS.msg}
            error={errors.msg?.message}
            withAsterisk
            {...form.register('msg')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              Отправить
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
