// The web tier's only way to the database: Supabase's REST API (PostgREST) over HTTP, with a key.
// Site pages are read with the anon key by the site's server entry; this client carries the
// service-role key for the form intake and the content version (which only the service role may read).

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Supabase REST answered ${status}: ${typeof body === "object" && body && "message" in body ? String((body as { message: unknown }).message) : JSON.stringify(body)}`);
    this.name = "RestError";
  }
}

/** One JSON call to the Supabase API with a key and a bearer; any refusal throws RestError. */
export async function callApi(url: string, init: { method?: string; apikey: string; bearer: string; body?: unknown; headers?: Record<string, string>; timeoutMs: number }): Promise<unknown> {
  const response = await fetch(url, {
    method: init.method ?? "GET",
    headers: {
      apikey: init.apikey,
      Authorization: `Bearer ${init.bearer}`,
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text === "" ? null : JSON.parse(text);
  } catch {
    parsed = text;
  }
  if (!response.ok) throw new RestError(response.status, parsed);
  return parsed;
}

export class SupabaseRest {
  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly timeoutMs = 10_000,
  ) {}

  /** Calls `public.<name>(...)` and returns its JSON result. */
  async rpc<T>(name: string, args: Record<string, unknown> = {}, timeoutMs = this.timeoutMs): Promise<T> {
    return (await this.#request(`/rest/v1/rpc/${name}`, args, {}, timeoutMs)) as T;
  }

  /** Inserts one row and returns nothing (`return=minimal`). */
  /** Inserts `row`; with `ignoreConflictOn`, a row that conflicts on that unique column is not inserted (ON CONFLICT DO NOTHING). */
  async insert(table: string, row: Record<string, unknown>, ignoreConflictOn?: string): Promise<void> {
    if (!ignoreConflictOn) return void (await this.#request(`/rest/v1/${table}`, row, { Prefer: "return=minimal" }, this.timeoutMs));
    await this.#request(`/rest/v1/${table}?on_conflict=${encodeURIComponent(ignoreConflictOn)}`, row, { Prefer: "return=minimal,resolution=ignore-duplicates" }, this.timeoutMs);
  }

  #request(path: string, body: Record<string, unknown>, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
    return callApi(`${this.url}${path}`, { method: "POST", apikey: this.key, bearer: this.key, body, headers, timeoutMs });
  }
}
