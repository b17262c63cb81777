import { parse, protocol, type PGlite, type Results } from "@electric-sql/pglite";

const { serialize } = protocol;

const BEGIN = serialize.query("BEGIN");

/** How many distinct statements are remembered (their parameter types, and a name once prepared). */
const REMEMBERED_STATEMENTS = 256;

/** Names are unique in the process: two of these on one database never prepare under one name. */
let statementsNamed = 0;

interface Remembered {
  parameterTypes: number[];
  /** Set once the statement has been seen twice: it is then prepared under this name. */
  name?: string;
}

/**
 * A prepared statement gone stale: its result columns changed with the schema (0A000, "cached plan
 * must not change result type"), or it is gone (26000, after a `DEALLOCATE`).
 */
function isStale(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "26000" || (code === "0A000" && typeof message === "string" && message.startsWith("cached plan must not change result type"));
}

/**
 * Statements on the embedded connection, cheaper than PGlite's `query` and `exec`, for a holder of
 * the connection (db/connection-queue.ts). PGlite runs a statement with parameters as six calls into
 * the database (parse, describe, bind, describe, execute, sync) and parses it again every time; a
 * request of the local API sends the same few statements over and over. Here a statement is sent as
 * one batch of protocol messages, and one seen twice is prepared under a name, so Postgres does not
 * parse and analyse it again (it still plans it for the role and settings of the moment, and
 * re-analyses it after a schema change). A statement seen once is never prepared, and at most
 * REMEMBERED_STATEMENTS are remembered, the least recently used forgotten (and closed) first.
 */
export class EmbeddedStatements {
  readonly #remembered = new Map<string, Remembered>();
  /** Closes of prepared statements, sent ahead of the next batch. */
  #closes: Uint8Array[] = [];
  /** A BEGIN goes ahead of the next batch: the transaction is open for its holder, not yet in the database. */
  #beginAhead = false;

  constructor(private readonly pg: PGlite) {}

  /** Statements without parameters (`COMMIT`, a script), as one simple query. */
  async simple(text: string): Promise<void> {
    await this.#send([serialize.query(text)]);
  }

  /**
   * Begins a transaction. Its BEGIN goes out with the transaction's first statement (a request's
   * role and claims): a call into the database fewer.
   */
  begin(): void {
    // Its COMMIT would end the holder's transaction halfway: refused rather than done quietly.
    if (this.inTransaction()) throw new Error("A transaction cannot begin inside another one on the embedded connection");
    this.#beginAhead = true;
  }

  /** Ends the transaction; one that sent no statement has nothing to end. */
  async end(statement: "COMMIT" | "ROLLBACK"): Promise<void> {
    if (this.#beginAhead) return this.abandon();
    if (this.pg.isInTransaction()) await this.simple(statement);
  }

  /** Forgets a BEGIN not sent yet: a holder that lets go never leaves one for the next. */
  abandon(): void {
    this.#beginAhead = false;
  }

  inTransaction(): boolean {
    return this.#beginAhead || this.pg.isInTransaction();
  }

  async query<R>(text: string, parameters: readonly unknown[]): Promise<Results<R>> {
    try {
      return await this.#query<R>(text, parameters);
    } catch (error) {
      const remembered = this.#remembered.get(text);
      if (!remembered?.name || !isStale(error)) throw error;
      // It is prepared again. Outside a transaction nothing ran, so it is run again now; inside one,
      // the caller's transaction has failed, and its next attempt finds the statement prepared anew.
      this.#forget(text);
      if (this.inTransaction()) throw error;
      return this.#query<R>(text, parameters);
    }
  }

  async #query<R>(text: string, parameters: readonly unknown[]): Promise<Results<R>> {
    let remembered = this.#remembered.get(text);
    this.#remembered.delete(text);
    const batch: Uint8Array[] = [];
    let preparing = false;
    if (!remembered) {
      // The parameters' types are needed to write their values: the one extra call of a new statement.
      const described = await this.#send([serialize.parse({ text }), serialize.describe({ type: "S" })], { sync: true });
      remembered = { parameterTypes: parse.parseDescribeStatementResults(described) };
    } else if (!remembered.name) {
      remembered.name = `embedded_${statementsNamed++}`;
      batch.push(serialize.parse({ text, name: remembered.name }));
      preparing = true;
    }
    this.#remember(text, remembered);
    const values = this.#values(parameters, remembered.parameterTypes);
    batch.push(serialize.bind({ statement: remembered.name ?? "", values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync());
    let replies;
    try {
      replies = await this.#send(batch);
    } catch (error) {
      // Whether the preparing took place is not known: the name is closed (closing none is no error).
      if (preparing) this.#forget(text);
      throw error;
    }
    if (!this.pg.isInTransaction()) await this.pg.syncToFs();
    // The last result is the statement's: a BEGIN sent ahead has one of its own before it.
    return parse.parseResults(replies, this.pg.parsers).at(-1) as Results<R>;
  }

  /** Values as PGlite writes them: by the type's serializer, or as text. */
  #values(parameters: readonly unknown[], types: number[]): (string | null)[] {
    return parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[types[index]!];
      return serializer ? serializer(value) : String(value);
    });
  }

  #remember(text: string, remembered: Remembered): void {
    this.#remembered.set(text, remembered);
    if (this.#remembered.size <= REMEMBERED_STATEMENTS) return;
    const [oldest] = this.#remembered.keys();
    this.#forget(oldest!);
  }

  #forget(text: string): void {
    const name = this.#remembered.get(text)?.name;
    this.#remembered.delete(text);
    if (name) this.#closes.push(serialize.close({ type: "S", name }));
  }

  /**
   * One call into the database. `sync` ends a batch that did not: after an error Postgres skips
   * every message up to the next Sync, which must come before the connection takes anything else.
   */
  async #send(messages: Uint8Array[], { sync = false } = {}) {
    const batch = [...(this.#beginAhead ? [BEGIN] : []), ...this.#closes, ...messages];
    this.#closes = [];
    this.#beginAhead = false;
    try {
      return await this.pg.execProtocolStream(concatenated(batch), { syncToFs: false });
    } catch (error) {
      if (sync) await this.pg.execProtocolStream(serialize.sync(), { syncToFs: false, throwOnError: false });
      throw error;
    }
  }
}

function concatenated(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
