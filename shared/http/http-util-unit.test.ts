import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer } from "node:http";
import { connect } from "node:net";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BodyError, closeServer, listen, readBody, readJsonBody, sendJson } from "./http-util.ts";

// The helpers on their own, with a stream standing in for the request and a recorder for the
// response; listen and closeServer on a real server (http-util.test.ts tests the idle connection).

/** A request whose body comes in `chunks`, with the headers given. */
function requestOf(chunks: readonly (string | Buffer)[], headers: Record<string, string> = {}): IncomingMessage & Readable {
  return Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), { headers }) as unknown as IncomingMessage & Readable;
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BodyError);
  return { status: (error as BodyError).status, message: (error as BodyError).message };
}

describe("readBody", () => {
  it("gives the whole body, its chunks joined", async () => {
    expect((await readBody(requestOf(["ab", "cd", "é"]))).toString("utf8")).toBe("abcdé");
    expect((await readBody(requestOf([]))).length).toBe(0);
  });

  it("takes a body of exactly the limit, and refuses one byte more with 413", async () => {
    expect((await readBody(requestOf(["12345", "67890"]), 10)).toString()).toBe("1234567890");
    expect(await refusal(readBody(requestOf(["12345", "67890", "x"]), 10))).toEqual({ status: 413, message: "Request body larger than 10 bytes" });
  });

  it("limits a body to 1 MiB by default", async () => {
    const mebibyte = Buffer.alloc(1024 * 1024, 97);
    expect((await readBody(requestOf([mebibyte]))).length).toBe(1024 * 1024);
    expect(await refusal(readBody(requestOf([mebibyte, "x"])))).toEqual({ status: 413, message: "Request body larger than 1048576 bytes" });
  });

  it("refuses a declared length over the limit before reading anything, and lets the rest of the request flow away", async () => {
    const request = requestOf(["small"], { "content-length": "11" });
    expect(await refusal(readBody(request, 10))).toEqual({ status: 413, message: "Request body larger than 10 bytes" });
    expect(request.readableFlowing).toBe(true);
    expect((await readBody(requestOf(["1234567890"], { "content-length": "10" }), 10)).toString()).toBe("1234567890");
  });

  it("reads the body when the declared length is not a number, and counts what comes", async () => {
    expect((await readBody(requestOf(["small"], { "content-length": "Infinity" }), 10)).toString()).toBe("small");
    expect((await readBody(requestOf(["small"], { "content-length": "many" }), 10)).toString()).toBe("small");
  });
});

describe("readJsonBody", () => {
  it("parses the body as JSON, an empty or blank body as null", async () => {
    expect(await readJsonBody(requestOf(['{"a":', "[1,2]}"]))).toEqual({ a: [1, 2] });
    expect(await readJsonBody(requestOf([]))).toBeNull();
    expect(await readJsonBody(requestOf([" \n\t "]))).toBeNull();
  });

  it("refuses text that is not JSON with 400, and a body over the limit given with 413", async () => {
    expect(await refusal(readJsonBody(requestOf(["{a: 1}"])))).toEqual({ status: 400, message: "Request body is not valid JSON" });
    expect(await refusal(readJsonBody(requestOf(['"too long"']), 5))).toEqual({ status: 413, message: "Request body larger than 5 bytes" });
  });
});

describe("sendJson", () => {
  function recorder() {
    const sent: { status?: number; headers?: Record<string, unknown>; body?: string } = {};
    const response = {
      writeHead(status: number, headers: Record<string, unknown>) {
        Object.assign(sent, { status, headers });
        return response;
      },
      end(body: string) {
        sent.body = body;
        return response;
      },
    };
    return { sent, response: response as unknown as ServerResponse };
  }

  it("answers the status with the body as JSON, typed as UTF-8 JSON, its length in bytes", () => {
    const { sent, response } = recorder();
    sendJson(response, 201, { name: "Zoë" });
    expect(sent).toEqual({ status: 201, headers: { "Content-Type": "application/json; charset=utf-8", "Content-Length": 15 }, body: '{"name":"Zoë"}' });
  });

  it("adds the headers given, which may replace its own", () => {
    const { sent, response } = recorder();
    sendJson(response, 429, null, { "Retry-After": "30", "Content-Type": "application/problem+json" });
    expect(sent).toEqual({ status: 429, headers: { "Content-Type": "application/problem+json", "Content-Length": 4, "Retry-After": "30" }, body: "null" });
  });
});

describe("listen and closeServer", () => {
  it("listens on a free port when given 0, keeping idle connections 65 s and headers 66 s", async () => {
    const server = createServer((_request, response) => response.end("ok"));
    const port = await listen(server, 0, "127.0.0.1");
    try {
      expect(port).toBeGreaterThan(0);
      expect((server.address() as { port: number }).port).toBe(port);
      expect(server.keepAliveTimeout).toBe(65_000);
      expect(server.headersTimeout).toBe(66_000);
      expect(server.listenerCount("error")).toBe(0);
    } finally {
      await closeServer(server);
    }
  });

  it("fails when the port is taken", async () => {
    const first = createServer();
    const port = await listen(first, 0, "127.0.0.1");
    const second = createServer();
    try {
      await expect(listen(second, port, "127.0.0.1")).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await closeServer(first);
    }
  });

  it("closes the server with a connection open, and resolves once it is closed", async () => {
    const server: Server = createServer(() => {
      // Never answers: the request stays in flight.
    });
    const port = await listen(server, 0, "127.0.0.1");
    const socket = connect(port, "127.0.0.1");
    const closedSocket = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await new Promise<void>((resolve) => socket.on("connect", () => resolve()));
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await new Promise<void>((resolve) => server.once("request", () => resolve()));
    await closeServer(server);
    expect(server.listening).toBe(false);
    await closedSocket;
  });
});
