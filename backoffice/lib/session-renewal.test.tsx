import { describe, expect, it, vi } from "vitest";
import { HttpError } from "ra-core";
import { SessionRenewal, withSessionRenewal } from "./session-renewal.ts";

const expired = () => new HttpError("JWT expired", 401);

describe("a call refused with 401 waits for the admin to sign in again", () => {
  it("runs again once the admin signed in, and resolves with the second answer", async () => {
    const renewal = new SessionRenewal();
    const save = vi.fn().mockRejectedValueOnce(expired()).mockResolvedValueOnce({ data: { id: 1 } });
    const provider = withSessionRenewal({ update: save }, renewal);
    const result = provider.update("videos", { id: 1 });
    await vi.waitFor(() => expect(renewal.isPending()).toBe(true));
    expect(save).toHaveBeenCalledTimes(1);
    renewal.renewed();
    await expect(result).resolves.toEqual({ data: { id: 1 } });
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith("videos", { id: 1 });
    expect(renewal.isPending()).toBe(false);
  });

  it("fails with its own error when the admin gives up", async () => {
    const renewal = new SessionRenewal();
    const failure = expired();
    const provider = withSessionRenewal({ update: vi.fn().mockRejectedValue(failure) }, renewal);
    const result = provider.update();
    await vi.waitFor(() => expect(renewal.isPending()).toBe(true));
    renewal.abandoned();
    await expect(result).rejects.toBe(failure);
  });

  it("several calls refused at once share one prompt, and a listener hears it open and close", async () => {
    const renewal = new SessionRenewal();
    const listener = vi.fn();
    renewal.subscribe(listener);
    const read = vi.fn().mockRejectedValueOnce(expired()).mockRejectedValueOnce(expired()).mockResolvedValue("ok");
    const provider = withSessionRenewal({ getList: read }, renewal);
    const calls = [provider.getList(), provider.getList()];
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    renewal.renewed();
    await expect(Promise.all(calls)).resolves.toEqual(["ok", "ok"]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("other failures (403, 500) and a second 401 are returned as they are", async () => {
    const renewal = new SessionRenewal();
    const refused = new HttpError("permission denied", 403);
    const provider = withSessionRenewal({ create: vi.fn().mockRejectedValue(refused), update: vi.fn().mockRejectedValue(expired()) }, renewal);
    await expect(provider.create()).rejects.toBe(refused);
    expect(renewal.isPending()).toBe(false);
    const twice = provider.update();
    await vi.waitFor(() => expect(renewal.isPending()).toBe(true));
    renewal.renewed();
    await expect(twice).rejects.toMatchObject({ status: 401 });
    expect(renewal.isPending()).toBe(false);
  });
});
