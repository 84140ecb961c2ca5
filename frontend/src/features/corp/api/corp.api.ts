import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddPingRequest,
  AddProjectRequest,
  BuysResponse,
  Ping,
  CancelPingRequest,
  PingsResponse,
  ItemSearchResponse,
  Project,
  ProjectResponse,
  ProjectsResponse,
  PushJobsRequest,
  PushJobsResponse,
  Role,
  RolesResponse,
  RsvpPingRequest,
  UpdateBuyRequest,
  UpdatePingRequest,
  UpdateProjectRequest,
  VerifyJobRequest,
  VerifyJobResponse,
} from '@eve-toolkit/shared-types';
import { ApiError, api } from '../../../shared/api-client';
import { sessionQueryKey } from '../../../shared/session';
import { putPing } from '../lib/pings';

/** Every corporation query lives under ['corp'] (invalidated at once when access changes). */
export const corpKeys = {
  all: ['corp'] as const,
  buys: ['corp', 'buys'] as const,
  pings: ['corp', 'pings'] as const,
  projects: ['corp', 'projects'] as const,
  project: (id: string) => ['corp', 'project', id] as const,
  roles: ['corp', 'roles'] as const,
  items: (q: string) => ['corp', 'items', q] as const,
};

/** Where 401/403 from a corporation call leads (spec §6): /market/list, the project calculator /corp/projects. */
export const AUTH_REDIRECT = '/market/list';
export const NEW_PROJECT_AUTH_REDIRECT = '/corp/projects';

export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && error.isAuthError;
}

/** Spec §6: a corporation call answering 401 or 403 sends the browser away. */
export function useAuthRedirect(error: unknown, to = AUTH_REDIRECT): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (isAuthError(error)) navigate(to, { replace: true });
  }, [error, navigate, to]);
}

/** The server's Russian message (first of its list when it sent several). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.errors.length ? error.errors.join('; ') : error.message;
  return error instanceof Error ? error.message : String(error);
}

/** 4xx answers are final; only network trouble and 5xx are worth a retry. */
const retry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

export function useCorpQuery<T>(queryKey: readonly unknown[], path: string, redirectTo = AUTH_REDIRECT, enabled = true) {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(path, { signal }),
    retry,
    enabled,
  });
  // Only an answer fetched for this page counts: a 403 cached from before (e.g. while the
  // corporation was blocked) is refetched on mount first, and access may be back by now.
  useAuthRedirect(query.isFetchedAfterMount ? query.error : null, redirectTo);
  return query;
}

/** Mutations redirect on 401/403 too; other errors stay on the mutation for the page to show. */
export function useCorpMutation<TBody, TResult>(
  path: string,
  onSuccess?: (result: TResult, body: TBody) => void,
  redirectTo = AUTH_REDIRECT,
) {
  const mutation = useMutation({
    mutationFn: (body: TBody) => api.post<TResult>(path, body),
    onSuccess,
  });
  useAuthRedirect(mutation.error, redirectTo);
  return mutation;
}

// --- Buy list ---------------------------------------------------------------------------------

/** GET auth/corp/buys */
export const useBuys = () => useCorpQuery<BuysResponse>(corpKeys.buys, 'auth/corp/buys');

/** POST auth/corp/update_buy (moderators): answers the whole list. */
export function useUpdateBuy() {
  const client = useQueryClient();
  return useCorpMutation<UpdateBuyRequest, BuysResponse>('auth/corp/update_buy', (res) =>
    client.setQueryData(corpKeys.buys, res),
  );
}

/** Items by name from 3 characters (the game data's item search): GET data/industry/items?q= */
export function useItemSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: corpKeys.items(q.toLowerCase()),
    queryFn: ({ signal }) => api.get<ItemSearchResponse>(`data/industry/items?q=${encodeURIComponent(q)}&limit=20`, { signal }),
    enabled: q.length >= 3,
    staleTime: 5 * 60_000,
  });
}

// --- Pings --------------------------------------------------------------------------------------

/** GET auth/corp/events */
export const usePings = () => useCorpQuery<PingsResponse>(corpKeys.pings, 'auth/corp/events');

/** POST auth/corp/add_event (fc, admin). */
export function useAddPing() {
  const client = useQueryClient();
  return useCorpMutation<AddPingRequest, { event: Ping }>('auth/corp/add_event', (res) =>
    client.setQueryData<PingsResponse>(corpKeys.pings, (d) => putPing(d, res.event)),
  );
}

/** POST auth/corp/update_event (author, its FC, admins): the answer is the ping as the caller sees it. */
export function useUpdatePing() {
  const client = useQueryClient();
  return useCorpMutation<UpdatePingRequest, { event: Ping }>('auth/corp/update_event', (res) =>
    client.setQueryData<PingsResponse>(corpKeys.pings, (d) => putPing(d, res.event)),
  );
}

/** POST auth/corp/delete_event (author, its FC, admins). */
export function useCancelPing() {
  const client = useQueryClient();
  return useCorpMutation<CancelPingRequest, { ok: true; event: Ping }>('auth/corp/delete_event', (res) =>
    client.setQueryData<PingsResponse>(corpKeys.pings, (d) => putPing(d, res.event)),
  );
}

/** POST auth/corp/rsvp_event (any member). */
export function useRsvpPing() {
  const client = useQueryClient();
  return useCorpMutation<RsvpPingRequest, { event: Ping }>('auth/corp/rsvp_event', (res) =>
    client.setQueryData<PingsResponse>(corpKeys.pings, (d) => putPing(d, res.event)),
  );
}

// --- Projects -----------------------------------------------------------------------------------

/** GET auth/corp/projects */
export const useProjects = (redirectTo = AUTH_REDIRECT) =>
  useCorpQuery<ProjectsResponse>(corpKeys.projects, 'auth/corp/projects', redirectTo);

/** GET auth/corp/projects/{id} */
export const useProject = (id: string) =>
  useCorpQuery<ProjectResponse>(corpKeys.project(id), `auth/corp/projects/${encodeURIComponent(id)}`);

/** Puts a project (new or changed) into every cached list and view, in place. */
export function patchProject(client: ReturnType<typeof useQueryClient>, project: Project): void {
  client.setQueryData<ProjectsResponse>(corpKeys.projects, (d) => {
    if (!d) return d;
    const known = d.projects.some((p) => p.id === project.id);
    const projects = known
      ? d.projects.map((p) => (p.id === project.id ? project : p))
      : [project, ...d.projects].sort((a, b) => b.created_at.localeCompare(a.created_at));
    return { ...d, projects };
  });
  client.setQueryData<ProjectResponse>(corpKeys.project(project.id), (d) => (d ? { ...d, project } : d));
}

export function dropProject(client: ReturnType<typeof useQueryClient>, projectId: string): void {
  client.setQueryData<ProjectsResponse>(corpKeys.projects, (d) =>
    d ? { ...d, projects: d.projects.filter((p) => p.id !== projectId) } : d,
  );
  // A mounted project view leaves on its own (it watches the deletion); an unmounted one is forgotten.
  client.removeQueries({ queryKey: corpKeys.project(projectId), exact: true, type: 'inactive' });
}

/** POST auth/corp/add_project from /corp/new_project (401/403 there lead to /corp/projects). */
export function useAddProject() {
  const client = useQueryClient();
  return useCorpMutation<AddProjectRequest, { project: Project }>(
    'auth/corp/add_project',
    (res) => patchProject(client, res.project),
    NEW_PROJECT_AUTH_REDIRECT,
  );
}

/** POST auth/corp/update_project (moderators): a new status, or delete a ready project. */
export function useUpdateProject() {
  const client = useQueryClient();
  return useCorpMutation<UpdateProjectRequest, { ok: true; project?: Project }>('auth/corp/update_project', (res, body) => {
    if (res.project) patchProject(client, res.project);
    else if (body.type === 'del') dropProject(client, body.project_id);
  });
}

/** POST auth/corp/verify_job: the caller's game jobs or contracts that may be credited. */
export const useVerifyJob = () => useCorpMutation<VerifyJobRequest, VerifyJobResponse>('auth/corp/verify_job');

/** POST auth/corp/push_jobs: claims the chosen candidates. */
export function usePushJobs() {
  const client = useQueryClient();
  return useCorpMutation<PushJobsRequest, PushJobsResponse>('auth/corp/push_jobs', (res) => patchProject(client, res.project));
}

// --- Role requests ------------------------------------------------------------------------------

/** GET auth/corp/roles (any signed-in user). */
export const useRoles = () => useCorpQuery<RolesResponse>(corpKeys.roles, 'auth/corp/roles');

/** POST auth/corp/new_role_request: answers the refreshed list. */
export function useRoleRequest() {
  const client = useQueryClient();
  return useCorpMutation<{ role: Role }, RolesResponse>('auth/corp/new_role_request', (res) => {
    client.setQueryData(corpKeys.roles, res);
  });
}

/** After an admin decided a request: the role list and the session (menu entries) change. */
export function refetchRolesAndSession(client: ReturnType<typeof useQueryClient>): void {
  void client.invalidateQueries({ queryKey: corpKeys.roles });
  void client.invalidateQueries({ queryKey: sessionQueryKey });
}
