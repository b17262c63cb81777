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

export class SupabaseRest {
  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly timeoutMs = 10_000,
  ) {}

  /** Calls `public.<name>(...)` and returns its JSON result. */
  async rpc<T>(name: string, args: Record<string, unknown> = {}, timeoutMs = this.timeoutMs): Promise<T> {
    return (await this.#request(`/rest/v1/rpc/${name}`, JSON.stringify(args), {}, timeoutMs)) as T;
  }

  /** Inserts one row and returns nothing (`return=minimal`). */
  async insert(table: string, row: Record<string, unknown>): Promise<void> {
    await this.#request(`/rest/v1/${table}`, JSON.stringify(row), { Prefer: "return=minimal" }, this.timeoutMs);
  }

  async #request(path: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<unknown> {
    const response = await fetch(`${this.url}${path}`, {
      method: "POST",
      headers: { apikey: this.key, Authorization: `Bearer ${this.key}`, "Content-Type": "application/json", ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
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
}
