import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { DOCTRINE_LIMITS, type Doctrine } from '@eve-toolkit/shared-types';
import { errorText, isAuthError } from '../api/corp.api';
import { useAddDoctrine, useUpdateDoctrine } from '../api/doctrines.api';

const EXAMPLE = '[Rifter, Тэкл]\nDamage Control I\n\nWarp Scrambler I\n\n200mm AutoCannon II, EMP S';

/**
 * A doctrine's name and its fits pasted from the game (EFT: «Скопировать в буфер» in the fitting
 * window). The server reads them with the appraisal's parser and names any line it does not know,
 * with «Возможно, вы имели в виду …».
 */
export function DoctrineForm({ doctrine, onDone }: { doctrine?: Doctrine; onDone: () => void }) {
  const [name, setName] = useState(doctrine?.name ?? '');
  const [fits, setFits] = useState<string[]>(doctrine ? doctrine.fits.map((f) => f.eft) : ['']);
  const add = useAddDoctrine();
  const update = useUpdateDoctrine();
  const mutation = doctrine ? update : add;
  const submit = () => {
    const body = { name, fits: fits.filter((f) => f.trim().length > 0).map((eft) => ({ eft })) };
    const done = { onSuccess: onDone };
    if (doctrine) update.mutate({ id: doctrine.id, ...body }, done);
    else add.mutate(body, done);
  };
  const errors = mutation.isError && !isAuthError(mutation.error) ? errorText(mutation.error).split('; ') : [];
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      aria-label={doctrine ? 'Изменить доктрину' : 'Новая доктрина'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Название доктрины"
          required
          maxLength={DOCTRINE_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {fits.map((eft, i) => (
          <Textarea
            key={i}
            label={`Фит ${i + 1} (EFT)`}
            description={i === 0 ? 'Окно фитинга в игре → «Скопировать в буфер обмена», затем вставьте сюда' : undefined}
            placeholder={EXAMPLE}
            autosize
            minRows={6}
            maxRows={16}
            value={eft}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setFits((list) => list.map((x, j) => (j === i ? value : x)));
            }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        ))}
        {errors.length > 0 && (
          <Alert color="red" variant="light" role="alert" p="xs" data-testid="doctrine-errors">
            <Stack gap={2}>
              {errors.map((m) => (
                <span key={m}>{m}</span>
              ))}
            </Stack>
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={mutation.isPending}>
            {doctrine ? 'Сохранить' : 'Добавить доктрину'}
          </Button>
          {fits.length < DOCTRINE_LIMITS.fits && (
            <Button variant="light" onClick={() => setFits((list) => [...list, ''])}>
              Ещё фит
            </Button>
          )}
          {fits.length > 1 && (
            <Button variant="subtle" color="gray" onClick={() => setFits((list) => list.slice(0, -1))}>
              Убрать последний фит
            </Button>
          )}
          <Button variant="default" onClick={onDone}>
            Отмена
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
