/**
 * Which system packages a test run needs, from the Vitest arguments it was given: Chromium for the
 * browser project, PostgreSQL for the real-server project (and for the browser project when it runs
 * on PostgreSQL). A run limited to other projects (`npm test -- --project unit`) needs neither.
 */
export function systemPackagesFor(args: readonly string[], env: NodeJS.ProcessEnv = process.env): { chromium: boolean; postgresql: boolean } {
  const projects: string[] = [];
  args.forEach((arg, index) => {
    if (arg === "--project" && args[index + 1] !== undefined) projects.push(args[index + 1]!);
    else if (arg.startsWith("--project=")) projects.push(arg.slice("--project=".length));
  });
  // No filter, or a pattern: any project may run.
  if (projects.length === 0 || projects.some((name) => /[*?!{[]/.test(name))) return { chromium: true, postgresql: true };
  const e2e = projects.includes("e2e");
  return { chromium: e2e, postgresql: projects.includes("pg") || (e2e && env.RCRT_TEST_DATABASE === "postgres") };
}
