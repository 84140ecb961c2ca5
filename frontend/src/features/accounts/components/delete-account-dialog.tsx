import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDeleteAccount } from '../api/accounts.api';
import { LazyCaptcha as Captcha } from './lazy-captcha';

/**
 * 'Удалить аккаунт': a confirmation, then the picture captcha; the account and every session of
 * it go, and the browser goes to the market. Loaded only when the owner asks (the modal machinery
 * is not part of the profile page's first load).
 */
export default function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [captcha, setCaptcha] = useState(false);
  return (
    <Modal opened onClose={onClose} title="Удаление аккаунта">
      {captcha ? (
        <Captcha onSolved={(id) => remove.mutate(id, { onSuccess: () => navigate('/market/list') })} />
      ) : (
        <Stack>
          <Text>Вы действительно хотите удалить аккаунт</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button color="red" onClick={() => setCaptcha(true)}>
              Удалить
            </Button>
          </Group>
        </Stack>
      )}
      {remove.isError && <Alert color="red">{remove.error.message}</Alert>}
    </Modal>
  );
}
