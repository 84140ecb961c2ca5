import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  doctrineAtHub,
  type AddDoctrineRequest,
  type DeleteDoctrineRequest,
  type Doctrine,
  type DoctrineReadinessResponse,
  type DoctrinesResponse,
  type UpdateDoctrineRequest,
} from '@eve-toolkit/shared-types';
import { api } from '../../../shared/api-client';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { useCorpMutation, useCorpQuery } from './corp.api';

/** Doctrines at a hub, and who can fly one (under ['corp']: refetched when access changes). */
export const doctrineKeys = {
  all: ['corp', 'doctrines'] as const,
  list: (hub: number) => ['corp', 'doctrines', hub] as const,
  readiness: (id: string) => ['corp', 'doctrine-readiness', id] as const,
};

/** GET auth/corp/doctrines?hub= */
export const useDoctrines = (hub: number) =>
  useCorpQuery<DoctrinesResponse>(doctrineKeys.list(hub), `auth/corp/doctrines?hub=${hub}`);

/**
 * The library as the ping form offers it: the doctrines page's cache at the chosen hub, without
 * its redirect (a form of another page must not leave on a refusal; no library = free text only).
 */
export function useDoctrineLibrary() {
  const hub = useAtomValue(hubIdAtom);
  return useQuery({
    queryKey: doctrineKeys.list(hub),
    queryFn: ({ signal }) => api.get<DoctrinesResponse>(`auth/corp/doctrines?hub=${hub}`, { signal }),
    retry: false,
  });
}

/** GET auth/corp/doctrine_readiness?id= (only when asked for: it reads every pilot's skills through ESI). */
export function useDoctrineReadiness(id: string | null) {
  return useQuery({
    queryKey: doctrineKeys.readiness(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<DoctrineReadinessResponse>(`auth/corp/doctrine_readiness?id=${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    staleTime: 60_000,
    retry: false,
  });
}

/** Puts a doctrine (new or changed) into every cached list, each at its own hub, sorted by name as the server sorts. */
export function patchDoctrine(client: QueryClient, doctrine: Doctrine): void {
  for (const [key] of client.getQueriesData<DoctrinesResponse>({ queryKey: doctrineKeys.all })) {
    const hub = Number(key[2]);
    client.setQueryData<DoctrinesResponse>(key, (d) => {
      if (!d) return d;
      const at = doctrineAtHub(doctrine, hub);
      const rest = d.doctrines.filter((x) => x.id !== doctrine.id);
      const doctrines = [...rest, at].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
      return { ...d, doctrines };
    });
  }
  // Its fits may have changed: who can fly them is read again when next shown.
  void client.invalidateQueries({ queryKey: doctrineKeys.readiness(doctrine.id) });
}

export function dropDoctrine(client: QueryClient, id: string): void {
  client.setQueriesData<DoctrinesResponse>({ queryKey: doctrineKeys.all }, (d) =>
    d ? { ...d, doctrines: d.doctrines.filter((x) => x.id !== id) } : d,
  );
  client.removeQueries({ queryKey: doctrineKeys.readiness(id) });
}

/** POST auth/corp/add_doctrine (FCs, industrialists, admins). */
export function useAddDoctrine() {
  const client = useQueryClient();
  return useCorpMutation<AddDoctrineRequest, { doctrine: Doctrine }>('auth/corp/add_doctrine', (res) =>
    patchDoctrine(client, res.doctrine),
  );
}

/** POST auth/corp/update_doctrine */
export function useUpdateDoctrine() {
  const client = useQueryClient();
  return useCorpMutation<UpdateDoctrineRequest, { doctrine: Doctrine }>('auth/corp/update_doctrine', (res) =>
    patchDoctrine(client, res.doctrine),
  );
}

/** POST auth/corp/delete_doctrine */
export function useDeleteDoctrine() {
  const client = useQueryClient();
  return useCorpMutation<DeleteDoctrineRequest, { ok: true }>('auth/corp/delete_doctrine', (_res, body) =>
    dropDoctrine(client, body.id),
  );
}
