import { AsyncLocalStorage } from "node:async_hooks";
import type { PgliteConnection } from "@supabase/lite/pglite";
import { type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from "kysely";
import { queueLiteStatements } from "../lite-adapters.ts";
import { EmbeddedStatements } from "./statements.ts";

/** One holder of the embedded connection: from acquiring it until `release`. */
interface Lease {
  readonly token: symbol;
  release(): void;
}

/**
 * The embedded database has one connection, and a transaction's role and JWT claims are settings of
 * that connection: whatever runs on it between a `BEGIN` and its `COMMIT` runs with that caller's
 * rights. So everything that touches it (lite's REST and Auth, our Storage and Auth admin code, the
 * tests' SQL) waits in this one queue, and a holder keeps the connection from its first statement to
 * its last. Work already holding it (found through its async context) is not queued behind itself.
 */
class ConnectionQueue {
  readonly #holder = new AsyncLocalStorage<symbol>();
  #current: symbol | null = null;
  #tail: Promise<void> = Promise.resolve();

  /** Waits for the connection; first come, first served. */
  async acquire(): Promise<Lease> {
    const previous = this.#tail;
    let free!: () => void;
    this.#tail = new Promise<void>((resolve) => (free = resolve));
    await previous;
    const token = Symbol("lease");
    this.#current = token;
    let released = false;
    return {
      token,
      release: () => {
        if (released) return;
        released = true;
        this.#current = null;
        free();
      },
    };
  }

  /** True when the code running now is inside the current holder's work. */
  holdsConnection(): boolean {
    return this.#current !== null && this.#holder.getStore() === this.#current;
  }

  /** Runs `work` as the lease's holder: statements it sends pass the queue. */
  within<T>(lease: Lease, work: () => T): T {
    return this.#holder.run(lease.token, work);
  }

  /** Runs `work` holding the connection, waiting for it unless this work holds it already. */
  async exclusive<T>(work: () => Promise<T>, onRelease?: () => Promise<void>): Promise<T> {
    if (this.holdsConnection()) return work();
    const lease = await this.acquire();
    try {
      return await this.within(lease, work);
    } finally {
      try {
        if (onRelease) await this.within(lease, onRelease);
      } finally {
        lease.release();
      }
    }
  }
}

/** The embedded connection as its holders use it: the queue, and how statements are sent. */
export interface EmbeddedConnection {
  /** Runs `work` holding the connection (waiting for it unless this work holds it already). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  statements: EmbeddedStatements;
}

/**
 * Puts PGlite and lite's connection on it behind one queue (lite-adapters.ts, patch 5): PGlite's own
 * `query`, `exec` and `transaction` wait for it, and lite's query builder gets a driver whose
 * connection is held from acquire to release, so lite's `BEGIN ... COMMIT` spans nothing but its own
 * statements. When a holder lets go inside a transaction (a bug, or a crash between statements), the
 * transaction is rolled back there: a caller's role and claims never outlive their holder. Call
 * before lite's App is built.
 */
export async function queueEmbeddedConnection(connection: PgliteConnection, log: (line: string) => void): Promise<EmbeddedConnection> {
  const queue = new ConnectionQueue();
  const pg = connection.driver;
  // PGlite's start-up runs statements of its own through these methods: it must be done first.
  await pg.waitReady;
  const statements = new EmbeddedStatements(pg);
  const endAbandonedTransaction = async () => {
    statements.abandon();
    if (!pg.isInTransaction()) return;
    log("[db] a transaction was left open by its holder; rolled back");
    await pg.exec("ROLLBACK");
  };
  const exclusive = <T>(work: () => Promise<T>) => queue.exclusive(work, endAbandonedTransaction);
  queueLiteStatements(connection, new QueuedDriver(statements, queue, endAbandonedTransaction), exclusive);
  return { exclusive, statements };
}

class QueuedDriver implements Driver {
  readonly #leases = new WeakMap<DatabaseConnection, Lease | null>();

  constructor(
    private readonly statements: EmbeddedStatements,
    private readonly queue: ConnectionQueue,
    private readonly beforeRelease: () => Promise<void>,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.queue.holdsConnection()) {
      // Lite's own work inside a holder's (a transaction of ours): the same connection, not a second one.
      const nested = new QueuedConnection(this.statements, (work) => work());
      this.#leases.set(nested, null);
      return nested;
    }
    const lease = await this.queue.acquire();
    const connection = new QueuedConnection(this.statements, (work) => this.queue.within(lease, work));
    this.#leases.set(connection, lease);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    ownConnection(connection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await ownConnection(connection).end("COMMIT");
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await ownConnection(connection).end("ROLLBACK");
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = this.#leases.get(connection);
    this.#leases.delete(connection);
    if (!lease) return;
    try {
      await this.queue.within(lease, this.beforeRelease);
    } finally {
      lease.release();
    }
  }

  async destroy(): Promise<void> {}
}

/** A connection this driver handed out, as Kysely hands it back. */
function ownConnection(connection: DatabaseConnection): QueuedConnection {
  if (connection instanceof QueuedConnection) return connection;
  throw new Error("Not a connection of the embedded database's queue");
}

/** Lite's statements, sent by a holder of the connection straight to the database (db/statements.ts). */
class QueuedConnection implements DatabaseConnection {
  constructor(
    private readonly statements: EmbeddedStatements,
    private readonly asHolder: <T>(work: () => Promise<T>) => Promise<T>,
  ) {}

  /** A transaction's BEGIN, sent with its first statement (statements.ts). */
  begin(): void {
    this.statements.begin();
  }

  /** Its COMMIT or ROLLBACK, as a simple query: no parameters to bind, no result to describe. */
  async end(statement: "COMMIT" | "ROLLBACK"): Promise<void> {
    await this.asHolder(() => this.statements.end(statement));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.asHolder(() => this.statements.query<R>(query.sql, query.parameters));
    return { rows: result.rows, numAffectedRows: typeof result.affectedRows === "number" ? BigInt(result.affectedRows) : undefined };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("The embedded database does not stream query results");
  }
}
