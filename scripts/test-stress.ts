import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { ensureBuild } from "./build.ts";
import { ensureChromium } from "./ensure-chromium.ts";
import { ensurePostgresql } from "./ensure-postgresql.ts";

/**
 * `npm run test:stress`: the layers that start servers, run while something else loads the machine,
 * as they may on a busy CI host. First the integration and pg layers side by side, then the browser
 * journeys while the integration layer runs again beside them. A test that passes alone but fails
 * here depends on timing it does not control. Extra arguments go to every Vitest run.
 */
const ROOT = resolve(import.meta.dirname, "..");
ensureChromium();
ensurePostgresql();
// Built once up front: two runs' global setups must not build into the same folder at once.
await ensureBuild();

function vitest(project: string): Promise<{ project: string; code: number }> {
  const child = spawn(process.execPath, [resolve(ROOT, "node_modules/vitest/vitest.mjs"), "run", "--project", project, "--reporter=dot", ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  return new Promise((done) => child.on("exit", (code, signal) => done({ project, code: code ?? (signal ? 1 : 0) })));
}

const results = [...(await Promise.all([vitest("integration"), vitest("pg")])), ...(await Promise.all([vitest("e2e"), vitest("integration")]))];
const failed = results.filter((result) => result.code !== 0);
console.log(`\ntest:stress: ${results.map((r) => `${r.project} ${r.code === 0 ? "passed" : "FAILED"}`).join(", ")}`);
process.exit(failed.length === 0 ? 0 : 1);
