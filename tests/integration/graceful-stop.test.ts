import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, inject, it } from "vitest";
import { IDEMPOTENCY_KEY_FIELD, newIdempotencyKey } from "../../shared/idempotency-key.ts";
import { loadOrCreateKeys } from "../../supabase/local/keys.ts";
import { freePort } from "../support/app-process.ts";
import { seededDataDir, videoChunk } from "../support/backend-process.ts";
import { ADMIN, startTestBackend } from "../support/backend.ts";
import { databaseFor } from "../support/postgres.ts";
import { projectScript } from "../support/child-processes.ts";

// `npm start` stopped with SIGTERM while a visitor's form post and an administrator's upload are
// still arriving, slowly: both get their answers and are stored once, readiness turns unready at
// the signal (the web tier's and the API's) while liveness stays, what arrives later is refused
// cleanly (never a reset mid-answer), and the next start finds everything, the post once even when
// sent again with its key. On the embedded engine and, in the pg project, on PostgreSQL.

const onServer = process.env.RCRT_TEST_DATABASE === "postgres";
const ROOT = resolve(import.meta.dirname, "../..");

interface Started {
  child: ChildProcess;
  webPort: number;
  apiUrl: string;
  output: () => string;
}

/** An answer, or the error that ended the request: before its answer began, or cutting it off. */
type Answer = { status: number; headers: IncomingMessage["headers"]; body: string } | { error: string; answerBegun: boolean };

/** A request on a connection of its own whose body is sent in `chunks` pieces `everyMs` apart. */
function slowRequest(url: string, method: string, headers: Record<string, string>, body: Buffer, chunks: number, everyMs: number): Promise<Answer> {
  return new Promise((done) => {
    const req = request(url, { method, agent: false, headers: { ...headers, "Content-Length": String(body.length) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => done({ status: res.statusCode!, headers: res.headers, body: text }));
      res.on("error", (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message, answerBegun: true }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message, answerBegun: false }));
    const size = Math.ceil(body.length / chunks);
    let sent = 0;
    const next = () => {
      const piece = body.subarray(sent, sent + size);
      sent += piece.length;
      if (sent >= body.length) req.end(piece);
      else {
        req.write(piece);
        setTimeout(next, everyMs);
      }
    };
    next();
  });
}

const get = (url: string) => slowRequest(url, "GET", {}, Buffer.alloc(0), 1, 0);

describe("a graceful stop of npm start (SIGTERM) finishes what it started", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(dataDir: string, databaseUrl: string | undefined, launch = (env: NodeJS.ProcessEnv) => projectScript("scripts/start.ts", env)): Promise<Started> {
    const [webPort, apiPort] = [await freePort(), await freePort()];
    const env = {
      ...process.env,
      PORT: String(webPort),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      ANALYTICS: "off",
      // Notice: readiness says 503 while requests are still taken (long enough for a busy machine).
      STOP_NOTICE_SECONDS: "4",
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    };
    const child = launch(env);
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    let output = "";
    await new Promise<void>((ready, fail) => {
      const watch = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Press Ctrl-C to stop.")) ready();
      };
      child.stdout!.on("data", watch);
      child.stderr!.on("data", watch);
      child.once("exit", (code) => fail(new Error(`npm start exited with ${code}:\n${output}`)));
    });
    return { child, webPort, apiUrl: `http://127.0.0.1:${apiPort}`, output: () => output };
  }

  it("a slow form post and a slow upload in flight both get their answers and are stored once; readiness turns 503 at once; later requests are refused cleanly", async () => {
    // Already migrated and seeded, on either engine: what is tested starts after that.
    const dataDir = onServer ? mkdtempSync(join(tmpdir(), "rcrt-stop-")) : seededDataDir("rcrt-stop-");
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = onServer ? await databaseFor(inject("postgresServerUrl"), dataDir) : undefined;
    if (server) cleanups.push(() => server.drop());
    const databaseUrl = server?.url;
    const app = await start(dataDir, databaseUrl);
    const web = `http://127.0.0.1:${app.webPort}`;
    const { anonKey, serviceKey } = await loadOrCreateKeys(dataDir);
    const signIn = await fetch(`${app.apiUrl}/auth/v1/token?grant_type=password`, { method: "POST", headers: { apikey: anonKey, "Content-Type": "application/json" }, body: JSON.stringify(ADMIN) });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    expect(await get(`${web}/api/ready`)).toMatchObject({ status: 200, body: JSON.stringify({ ready: true }) });
    expect(await get(`${app.apiUrl}/ready`)).toMatchObject({ status: 200, body: JSON.stringify({ ready: true }) });

    // 12 chunks over about 3 s each; the signal comes 1 s in.
    const message = `Sent slowly, stopped midway ${Date.now()}`;
    const fields = { "form-name": "contact", name: "Slow Sender", email: "slow@example.com", message, [IDEMPOTENCY_KEY_FIELD]: newIdempotencyKey() };
    const form = Buffer.from(new URLSearchParams(fields).toString());
    const posting = slowRequest(`${web}/`, "POST", { "Content-Type": "application/x-www-form-urlencoded" }, form, 12, 250);
    const video = Buffer.concat([videoChunk(120 * 1024, true), videoChunk(90 * 1024, false)]);
    const uploading = slowRequest(
      `${app.apiUrl}/storage/v1/object/assets/media/stopped-midway.mp4`,
      "POST",
      { apikey: anonKey, Authorization: `Bearer ${token}`, "Content-Type": "video/mp4" },
      video,
      12,
      250,
    );
    await new Promise((done) => setTimeout(done, 1000));
    const exited = new Promise<number | null>((done) => app.child.once("exit", (code) => done(code)));
    app.child.kill("SIGTERM");

    // Unready as soon as the signal is handled (on a loaded machine, later than a fixed wait), and
    // before the requests in flight have finished.
    let inFlight = true;
    const finished = Promise.all([posting, uploading]).finally(() => (inFlight = false));
    await expect.poll(async () => (await get(`${web}/api/ready`)) as Record<string, unknown>, { interval: 50, timeout: 60_000 }).toMatchObject({ status: 503, body: JSON.stringify({ ready: false }) });
    // The API leaves with it (it serves on: the web tier's requests in flight may need it); both live on.
    expect(await get(`${app.apiUrl}/ready`)).toMatchObject({ status: 503, body: JSON.stringify({ ready: false }) });
    expect(await get(`${web}/api/live`)).toMatchObject({ status: 200, body: JSON.stringify({ live: true }) });
    expect(await get(`${app.apiUrl}/live`)).toMatchObject({ status: 200, body: JSON.stringify({ live: true }) });
    expect(inFlight, "unready while the requests in flight were still being answered").toBe(true);

    // Whole answers, each closing its connection: the client's next request goes to a new one.
    const [posted, uploaded] = await finished;
    expect(posted).toMatchObject({ status: 200, body: JSON.stringify({ ok: true }), headers: { connection: "close" } });
    expect(uploaded).toMatchObject({ status: 200, headers: { connection: "close" } });

    // Pages are served while the notice lasts; then a new request is refused (the connection, or a
    // 503 to try again), never cut off. A connection that reached the kernel's queue of connections
    // not yet taken in the instant the server stopped listening is reset by the kernel before its
    // answer began: TCP's only way to turn it away, which a client retries as it retries a refusal.
    for (const started = Date.now(); ; ) {
      const late = await get(`${web}/`);
      if ("error" in late) {
        expect(late).toMatchObject({ answerBegun: false });
        expect(["ECONNREFUSED", "ECONNRESET"]).toContain(late.error);
        break;
      }
      if (late.status !== 200) {
        expect([late.status, late.headers["retry-after"]]).toEqual([503, "2"]);
        break;
      }
      expect(Date.now() - started, "still served long after the notice").toBeLessThan(60_000);
      await new Promise((done) => setTimeout(done, 100));
    }

    expect(await exited).toBe(0);
    expect(app.output()).toContain("SIGTERM: stopping");

    // The next start finds the message once and the whole upload.
    const again = await start(dataDir, databaseUrl);
    cleanups.push(async () => {
      const gone = new Promise((done) => again.child.once("exit", done));
      again.child.kill("SIGTERM");
      await gone;
    });
    // A visitor who saw no answer and sends the post again, with its key, adds nothing.
    const retried = await fetch(`http://127.0.0.1:${again.webPort}/`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
    expect([retried.status, await retried.json()]).toEqual([200, { ok: true }]);
    const stored = await fetch(`${again.apiUrl}/rest/v1/form_submissions?select=message&email=eq.slow@example.com`, { headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` } });
    expect(await stored.json()).toEqual([{ message }]);
    const object = await fetch(`${again.apiUrl}/storage/v1/object/public/assets/media/stopped-midway.mp4`);
    expect([object.status, Buffer.from(await object.arrayBuffer()).equals(video)]).toEqual([200, true]);
  }, 240_000);
  // Signals alone: the engine plays no part.
  it.skipIf(onServer)("Ctrl-C in the terminal running npm start stops it gracefully, once, though the signal reaches npm and the app both and npm passes its own on", async () => {
    const dataDir = seededDataDir("rcrt-ctrl-c-");
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let group = 0;
    const groupLeft = () => {
      try {
        process.kill(-group, 0);
        return true;
      } catch {
        return false;
      }
    };
    const killGroup = () => {
      if (groupLeft()) process.kill(-group, "SIGKILL");
    };
    // As a terminal runs it: npm and everything it starts in a process group of their own.
    const app = await start(dataDir, undefined, (env) => {
      const npm = spawn("npm", ["start"], { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
      group = npm.pid!;
      process.once("exit", killGroup);
      cleanups.push(() => {
        killGroup();
        process.removeListener("exit", killGroup);
      });
      return npm;
    });
    const exited = new Promise<number | null>((done) => app.child.once("exit", (code) => done(code)));
    // What a terminal's Ctrl-C does: SIGINT to every process of its foreground group.
    process.kill(-group, "SIGINT");
    expect(await exited).toBe(0);
    expect(app.output()).toContain("SIGINT: stopping");
    expect(app.output()).not.toContain("again: exiting now");
    await expect.poll(groupLeft, { timeout: 10_000 }).toBe(false);
  }, 120_000);

  // The web tier's signals alone: the engine plays no part.
  it.skipIf(onServer)("a second signal while it drains exits at once, as a second Ctrl-C does (npm run serve)", async () => {
    const backend = await startTestBackend();
    cleanups.push(() => backend.stop());
    const port = await freePort();
    const env = {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: "https://rcrt.example",
      SUPABASE_URL: backend.url,
      SUPABASE_ANON_KEY: backend.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: backend.serviceKey,
      ANALYTICS: "off",
      // A notice far longer than the test: only the second signal can end it in time.
      STOP_NOTICE_SECONDS: "600",
    };
    const child = projectScript("server/main.ts", env);
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    let output = "";
    await new Promise<void>((ready, fail) => {
      const watch = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("RCRT web server listening on")) ready();
      };
      child.stdout!.on("data", watch);
      child.stderr!.on("data", watch);
      child.once("exit", (code) => fail(new Error(`npm run serve exited with ${code}:\n${output}`)));
    });
    const web = `http://127.0.0.1:${port}`;
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    child.kill("SIGTERM");
    await expect.poll(async () => (await get(`${web}/api/ready`)) as Record<string, unknown>, { interval: 50, timeout: 60_000 }).toMatchObject({ status: 503 });
    expect(await get(`${web}/api/live`)).toMatchObject({ status: 200 });
    // A second press comes a moment later: one sooner is the first delivered twice (server/stop-signals.ts).
    await sleep(1000);
    child.kill("SIGTERM");
    expect(await exited).toBe(1);
    expect(output).toContain("SIGTERM again: exiting now.");
  }, 120_000);
});
