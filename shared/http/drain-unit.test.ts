import { EventEmitter } from "node:events";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { drain } from "./drain.ts";

// drain() with stand-ins for Node's server, request and response: what it asks of each, without a
// socket. Its behaviour on real connections is in drain.test.ts.

/** A server whose close() completes only when the test says so. */
function fakeServer() {
  let closed: () => void = () => {};
  const server = {
    close: vi.fn((done: () => void) => (closed = done)),
    closeIdleConnections: vi.fn(),
    closeAllConnections: vi.fn(),
  };
  return { server, asServer: server as unknown as Server, finishClose: () => closed() };
}

/** A response that records its headers and what was written, and emits "close" when asked. */
function fakeResponse() {
  const res = Object.assign(new EventEmitter(), {
    headersSent: false,
    headers: {} as Record<string, unknown>,
    status: 0,
    body: "",
    setHeader(name: string, value: unknown) {
      res.headers[name] = value;
    },
    writeHead(status: number, headers: Record<string, unknown>) {
      res.status = status;
      Object.assign(res.headers, headers);
      res.headersSent = true;
    },
    end(text: string) {
      res.body = text;
    },
  });
  return res;
}

const fakeRequest = () => ({ resume: vi.fn() }) as unknown as IncomingMessage;
const asResponse = (res: ReturnType<typeof fakeResponse>) => res as unknown as ServerResponse;
/** One turn of the event loop: what drain schedules with setImmediate has run after it. */
const nextTurn = () => new Promise<void>((done) => setImmediate(done));

afterEach(() => {
  vi.useRealTimers();
});

describe("drain, against stand-ins for the server", () => {
  it("answers a request that reaches it while it stops 503, asking to try again, and never passes it to the handler", () => {
    const { asServer } = fakeServer();
    const handler = vi.fn();
    const stops = drain(asServer, handler);
    void stops.stop();
    const res = fakeResponse();
    stops.listener(fakeRequest(), asResponse(res));
    expect(handler).not.toHaveBeenCalled();
    expect(res.status).toBe(503);
    expect(res.headers).toMatchObject({ "Retry-After": "2", Connection: "close" });
    expect(JSON.parse(res.body)).toEqual({ message: "This server is stopping: try again in a moment." });
  });

  it("once stopping, stays stopping: leave() does not let requests through again", () => {
    const { asServer } = fakeServer();
    const handler = vi.fn();
    const stops = drain(asServer, handler);
    void stops.stop();
    stops.leave();
    const res = fakeResponse();
    stops.listener(fakeRequest(), asResponse(res));
    expect(handler).not.toHaveBeenCalled();
    expect(res.status).toBe(503);
    expect(stops.ready()).toBe(false);
  });

  it("marks the answers in flight that have not begun to close their connections when it leaves, and leaves begun ones alone", () => {
    const { asServer } = fakeServer();
    const stops = drain(asServer, () => {});
    const waiting = fakeResponse();
    const begun = fakeResponse();
    begun.headersSent = true;
    stops.listener(fakeRequest(), asResponse(waiting));
    stops.listener(fakeRequest(), asResponse(begun));
    stops.leave();
    expect(waiting.headers).toEqual({ Connection: "close" });
    expect(begun.headers).toEqual({});
  });

  it("does the same for the answers in flight when it stops", () => {
    const { asServer } = fakeServer();
    const stops = drain(asServer, () => {});
    const waiting = fakeResponse();
    stops.listener(fakeRequest(), asResponse(waiting));
    void stops.stop();
    expect(waiting.headers).toEqual({ Connection: "close" });
  });

  it("closes the idle connections at the stop, and again each time an answer in flight ends while it stops", async () => {
    const { server, asServer } = fakeServer();
    const stops = drain(asServer, () => {});
    const first = fakeResponse();
    const second = fakeResponse();
    stops.listener(fakeRequest(), asResponse(first));
    stops.listener(fakeRequest(), asResponse(second));
    void stops.stop();
    await nextTurn();
    expect(server.closeIdleConnections).toHaveBeenCalledTimes(1);
    first.emit("close");
    await nextTurn();
    expect(server.closeIdleConnections).toHaveBeenCalledTimes(2);
    second.emit("close");
    await nextTurn();
    expect(server.closeIdleConnections).toHaveBeenCalledTimes(3);
  });

  it("does not close idle connections when an answer ends while it still serves", async () => {
    const { server, asServer } = fakeServer();
    const stops = drain(asServer, () => {});
    const res = fakeResponse();
    stops.listener(fakeRequest(), asResponse(res));
    res.emit("close");
    await nextTurn();
    expect(server.closeIdleConnections).not.toHaveBeenCalled();
  });

  it("cuts the connections left at the deadline, and not after a stop that ended before it", async () => {
    vi.useFakeTimers();
    const late = fakeServer();
    void drain(late.asServer, () => {}).stop({ deadlineMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(late.server.closeAllConnections).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(late.server.closeAllConnections).toHaveBeenCalledTimes(1);

    const early = fakeServer();
    const stopped = drain(early.asServer, () => {}).stop({ deadlineMs: 1000 });
    early.finishClose();
    await stopped;
    await vi.advanceTimersByTimeAsync(2000);
    expect(early.server.closeAllConnections).not.toHaveBeenCalled();
  });
});
