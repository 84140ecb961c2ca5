/**
 * A browser-like HTTP client for integration tests: keeps cookies (the session) like a browser,
 * and sends the CSRF token on every unsafe request, as the SPA's api-client does.
 *
 * Every integration test that calls an unsafe route (POST, PUT, PATCH, DELETE) goes through
 * this client, so that CSRF enforcement is exercised in one place. To test a refusal, use
 * plain `request(url)` (no token) instead.
 *
 *   const c = client(running.url);
 *   const res = await c.post('/data/market/appraisal', { appraisal: 'Tritanium 10', hub: 2 });
 *   const up = await c.post('/data/loot/post_players', (r) => r.attach('file', buf, 'loot.txt'));
 */
import request, { type Response, type Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent';

export const CSRF_HEADER = 'x-csrf-token';

/** A JSON body, or a function that builds the request (multipart `attach`/`field`, headers). */
export type RequestBody = object | ((req: Test) => Test);

export class TestClient {
  readonly agent: TestAgent;
  private token: string | null = null;

  constructor(readonly baseUrl: string) {
    this.agent = request.agent(baseUrl);
  }

  /** Fetches a CSRF token bound to this client's session (`GET auth/get_csrf`). */
  async csrf(): Promise<string | null> {
    const res = await this.agent.get('/auth/get_csrf');
    this.token = res.status === 200 && typeof res.body?.token === 'string' ? res.body.token : null;
    return this.token;
  }

  /** After login/logout the session changes: the next unsafe call fetches a fresh token. */
  forgetCsrf(): void {
    this.token = null;
  }

  get(path: string): Test {
    return this.agent.get(path);
  }

  /**
   * A GET that changes state (auth/logout, api/admin/kill, api/admin/update_libs): sent with the
   * CSRF header, as the SPA does; a cross-site navigation cannot send it.
   */
  async act(path: string, expectStatus?: number): Promise<Response> {
    if (this.token === null) await this.csrf();
    let req = this.agent.get(path);
    if (this.token) req = req.set(CSRF_HEADER, this.token);
    return expectStatus === undefined ? req : req.expect(expectStatus);
  }

  /**
   * An unsafe request to chain on (`.set()`, `.send()`, `.expect()`), with the token fetched
   * beforehand by `await c.csrf()`.
   */
  unsafeTest(method: 'post' | 'put' | 'patch' | 'delete', path: string): Test {
    if (this.token === null) throw new Error('call `await client.csrf()` before unsafeTest()');
    return this.agent[method](path).set(CSRF_HEADER, this.token);
  }

  post(path: string, body?: RequestBody): Promise<Response> {
    return this.unsafe('post', path, body);
  }

  put(path: string, body?: RequestBody): Promise<Response> {
    return this.unsafe('put', path, body);
  }

  patch(path: string, body?: RequestBody): Promise<Response> {
    return this.unsafe('patch', path, body);
  }

  delete(path: string, body?: RequestBody): Promise<Response> {
    return this.unsafe('delete', path, body);
  }

  private async unsafe(method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: RequestBody): Promise<Response> {
    if (this.token === null) await this.csrf();
    let req = this.agent[method](path);
    if (this.token) req = req.set(CSRF_HEADER, this.token);
    if (typeof body === 'function') return body(req);
    return body === undefined ? req : req.send(body);
  }
}

export function client(baseUrl: string): TestClient {
  return new TestClient(baseUrl);
}

/** A client that already holds a CSRF token (for chained unsafe requests). */
export async function csrfClient(baseUrl: string): Promise<TestClient> {
  const c = new TestClient(baseUrl);
  await c.csrf();
  return c;
}
