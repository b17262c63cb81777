import { createServer } from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { closeServer, listen } from "./http-util.ts";

/** Sends `request` on `socket` and resolves with the first chunk of the answer, or the error met. */
function exchange(socket: ReturnType<typeof connect>, request: string): Promise<string> {
  return new Promise((done) => {
    const answer = (data: Buffer) => finish(data.toString());
    const failed = (error: Error) => finish(`error: ${error.message}`);
    const ended = () => finish("closed");
    const finish = (result: string) => {
      socket.off("data", answer).off("error", failed).off("end", ended);
      done(result);
    };
    socket.on("data", answer).on("error", failed).on("end", ended);
    socket.write(request);
  });
}

describe("listen", () => {
  // A client reuses an idle connection for a few seconds; the server must not close it first, or a
  // request sent at that moment fails with ECONNRESET (Node's own idle limit is 5 s).
  it("keeps an idle keep-alive connection open past the few seconds a client keeps it", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    const port = await listen(server, 0, "127.0.0.1");
    const socket = connect(port, "127.0.0.1");
    try {
      const request = "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n";
      expect(await exchange(socket, request)).toMatch(/^HTTP\/1\.1 200/);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await exchange(socket, request)).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
      await closeServer(server);
    }
  }, 20_000);
});
