import { afterEach, describe, expect, it, vi } from "vitest";
import { CONNECTION_MESSAGES, ConnectionError, connectionFailureIn, guardedFetch, guardRequest, REQUEST_TIMEOUT_KEY, REQUEST_TIMEOUT_MS } from "./connection.ts";
import { isRetryable } from "./errors.ts";

/** A fetch that never answers, and rejects as a browser's does when its signal aborts. */
function hangingFetch() {
  return vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")))),
  );
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("a back-office request always gets an answer", () => {
  it("offline: fails at once with the offline message, without sending anything", async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response("{}")));
    const request = guardedFetch(fetch, { isOnline: () => false })("http://api/rest/v1/blog_posts");
    await expect(request).rejects.toMatchObject({ name: "ConnectionError", kind: "offline", status: 0, message: "You are offline. Check your connection and try again." });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a server that does not answer: aborted after 10 s with the timeout message, not before", async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    let outcome: unknown = "pending";
    const request = guardedFetch(fetch, { isOnline: () => true })("http://api/rest/v1/blog_posts", { method: "PATCH" }).catch((error: unknown) => (outcome = error));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(outcome).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    await request;
    expect(outcome).toBeInstanceOf(ConnectionError);
    expect((outcome as ConnectionError).message).toBe(CONNECTION_MESSAGES.timeout);
    expect(fetch.mock.calls[0]![1]?.signal?.aborted).toBe(true);
  });

  it("an answer in time is the answer, and its timer is cleared", async () => {
    vi.useFakeTimers();
    const answer = new Response("[]", { status: 200 });
    await expect(guardedFetch(() => Promise.resolve(answer), { isOnline: () => true })("http://api/x")).resolves.toBe(answer);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("the timeout can only be shortened through localStorage (browser tests)", async () => {
    vi.useFakeTimers();
    localStorage.setItem(REQUEST_TIMEOUT_KEY, "500");
    const failed = vi.fn();
    void guardRequest((signal) => hangingFetch()("http://api/x", { signal }), null, { isOnline: () => true }).catch(failed);
    await vi.advanceTimersByTimeAsync(500);
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ kind: "timeout" }));
    localStorage.setItem(REQUEST_TIMEOUT_KEY, String(REQUEST_TIMEOUT_MS * 10));
    const late = vi.fn();
    void guardRequest((signal) => hangingFetch()("http://api/x", { signal }), null, { isOnline: () => true }).catch(late);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(late).toHaveBeenCalledWith(expect.objectContaining({ kind: "timeout" }));
  });

  it("a network failure says the server could not be reached, or offline when the browser went offline meanwhile", async () => {
    const refused = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(guardedFetch(refused, { isOnline: () => true })("http://api/x")).rejects.toMatchObject({ kind: "network", message: CONNECTION_MESSAGES.network });
    let online = true;
    const dropped = () => ((online = false), Promise.reject(new TypeError("Failed to fetch")));
    await expect(guardedFetch(dropped, { isOnline: () => online })("http://api/x")).rejects.toMatchObject({ kind: "offline" });
  });

  it("the caller's own abort stays an abort, and an HTTP error stays what it was", async () => {
    const controller = new AbortController();
    const request = guardedFetch(hangingFetch(), { isOnline: () => true })("http://api/x", { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: "AbortError" });
    const refusal = Object.assign(new Error("permission denied"), { status: 403 });
    await expect(guardRequest(() => Promise.reject(refusal), null, { isOnline: () => true })).rejects.toBe(refusal);
  });

  it("finds the failure in supabase-js's text of it", () => {
    expect(connectionFailureIn(`ConnectionError: ${CONNECTION_MESSAGES.offline}`)?.kind).toBe("offline");
    expect(connectionFailureIn("duplicate key value violates unique constraint")).toBeNull();
  });

  it("offers Retry for no answer and server failures, not for refusals", () => {
    expect([new ConnectionError("timeout"), { status: 500 }, { status: 503 }, { status: 429 }].map(isRetryable)).toEqual([true, true, true, true]);
    expect([{ status: 400 }, { status: 401 }, { status: 403 }, { status: 409 }, new Error("x")].map(isRetryable)).toEqual([false, false, false, false, false]);
  });
});
