import { useQueryClient } from '@tanstack/react-query';
import type {
  AddWebhookRequest,
  CalendarLinkResponse,
  CalendarLinkState,
  CorpWebhook,
  SetWebhookRequest,
  WebhookDelivery,
  WebhookIdRequest,
  WebhooksResponse,
} from '@eve-toolkit/shared-types';
import { useCorpMutation, useCorpQuery } from './corp.api';

/** Under ['corp'] like every corporation query (dropped at once when access changes). */
export const deliveryKeys = {
  webhooks: ['corp', 'webhooks'] as const,
  calendar: ['corp', 'calendar'] as const,
};

/** GET auth/corp/webhooks (moderators): the webhooks and the delivery log. */
export const useWebhooks = (enabled: boolean) =>
  useCorpQuery<WebhooksResponse>(deliveryKeys.webhooks, 'auth/corp/webhooks', undefined, enabled);

/** A delivery still on its way (the log is refreshed until none is). */
export const inFlight = (d: WebhookDelivery) => d.status === 'pending' || d.status === 'retrying';

function useWebhookMutation<TBody, TResult>(path: string) {
  const client = useQueryClient();
  return useCorpMutation<TBody, TResult>(path, () => void client.invalidateQueries({ queryKey: deliveryKeys.webhooks }));
}

export const useAddWebhook = () => useWebhookMutation<AddWebhookRequest, { webhook: CorpWebhook }>('auth/corp/add_webhook');
export const useSetWebhook = () => useWebhookMutation<SetWebhookRequest, { webhook: CorpWebhook }>('auth/corp/set_webhook');
export const useDeleteWebhook = () => useWebhookMutation<WebhookIdRequest, { ok: true }>('auth/corp/delete_webhook');
export const useTestWebhook = () => useWebhookMutation<WebhookIdRequest, { delivery: WebhookDelivery }>('auth/corp/test_webhook');

/** GET auth/corp/calendar: whether the member holds a calendar link. */
export const useCalendarLink = () => useCorpQuery<CalendarLinkState>(deliveryKeys.calendar, 'auth/corp/calendar');

/** POST auth/corp/calendar_link: a new link (shown once; the previous one stops working). */
export function useTakeCalendarLink() {
  const client = useQueryClient();
  return useCorpMutation<Record<string, never>, CalendarLinkResponse>('auth/corp/calendar_link', (res) =>
    client.setQueryData<CalendarLinkState>(deliveryKeys.calendar, { active: true, created_at: res.created_at }),
  );
}

/** POST auth/corp/revoke_calendar */
export function useRevokeCalendarLink() {
  const client = useQueryClient();
  return useCorpMutation<Record<string, never>, CalendarLinkState>('auth/corp/revoke_calendar', (res) =>
    client.setQueryData<CalendarLinkState>(deliveryKeys.calendar, res),
  );
}
