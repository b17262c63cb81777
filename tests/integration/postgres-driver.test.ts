import { connect, createServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { postgresDatabase } from "../../supabase/local/db/engines.ts";

// Before a new connection's first query, the driver (postgres.js) asks the server for its array
// types, in a promise nothing awaited: a connection reset at that moment, as a server that stops or
// restarts makes, rejected it with no handler. Node ends a process on such a rejection (a local API
// on DATABASE_URL would have gone down with its server's restart), and a test run whose tests all
// passed failed with "Unhandled Rejection: Error: read ECONNRESET". patches/postgres+3.4.9.patch
// handles it; the caller's query is still refused, by the connection's own error path.
const serverUrl = inject("postgresServerUrl");

/** Passes a connection through to the server, and resets it when the driver sends its array-types query while armed. */
let armed = true;
let resets = 0;
const sockets = new Set<Socket>();
const proxy = createServer((client) => {
  const server = connect(Number(new URL(serverUrl).port), "127.0.0.1");
  for (const socket of [client, server]) {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  }
  server.on("data", (chunk: Buffer) => client.write(chunk));
  server.on("close", () => client.destroy());
  client.on("close", () => server.destroy());
  client.on("data", (chunk: Buffer) => {
    if (armed && chunk.includes("typarray")) {
      armed = false;
      resets++;
      client.resetAndDestroy();
      return;
    }
    server.write(chunk);
  });
});
let proxyUrl: string;

beforeAll(async () => {
  await new Promise<void>((listening) => proxy.listen(0, "127.0.0.1", listening));
  const { port } = proxy.address() as { port: number };
  proxyUrl = `postgres://postgres@127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((closed) => proxy.close(closed));
});

describe("the PostgreSQL driver when a connection is reset before its first query", () => {
  it("refuses the caller's query and leaves no rejection unhandled; the next connection reads arrays", async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", note);
    const db = postgresDatabase(`${proxyUrl}/postgres`, { max: 1 });
    try {
      await expect(db.query("select 1 as one")).rejects.toThrow(/ECONNRESET/);
      expect(resets).toBe(1);
      // Node reports a rejection without a handler at the end of the tick that rejected it, before the
      // next turn of the event loop: by then, any is in the list.
      await new Promise(setImmediate);
      expect(unhandled).toEqual([]);
      expect((await db.query<{ numbers: number[] }>("select array[1, 2]::int[] as numbers")).rows).toEqual([{ numbers: [1, 2] }]);
    } finally {
      process.off("unhandledRejection", note);
      await db.close();
    }
  });
});
