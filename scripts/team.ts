import { pathToFileURL } from "node:url";
import { REQUIRED_SETTINGS } from "../server/config.ts";
import { RestError } from "../server/supabase-rest.ts";
import {
  addMemberByEmail,
  AuthAdminApi,
  type EndedMembership,
  invitationRedirect,
  isDuplicate,
  isNoSuchMember,
  MEMBER_COLUMNS,
  memberStatus,
  MESSAGES,
  normalEmail,
  refusalMessage,
  TEAM_ROLES,
  TeamRest,
  type MemberRow,
  type TeamRole,
} from "../server/team.ts";

const USAGE = `Manages the back office's team with the project's service-role key.

Usage: npm run team -- <command>

  invite <email> --role administrator|editor   invite an address (or add an existing account)
  list                                         list the members, their roles and status
  role <email> administrator|editor            change a member's role
  remove <email>                               remove a member and end their sessions; their account
                                               is deleted too when the team's invitation made it

Settings (as \`npm run serve\` reads them): SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, and SITE_URL for
invitations (their link leads to <SITE_URL>/admin/update-password).
The team always keeps an administrator: a change that would leave none is refused.

Exit status: 0 done, 1 refused or failed, 2 wrong usage or settings.`;

/** Exit statuses. */
const DONE = 0;
const FAILED = 1;
const USAGE_ERROR = 2;

class UsageError extends Error {}

interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * `npm run team -- ...`: the team without the back office, for the first administrator of a new
 * project and for recovery. It writes admin_users with the service role (the database's rule that an
 * administrator stays still applies) and uses the web tier's Auth admin calls.
 */
export async function main(args: string[], env: Record<string, string | undefined> = process.env, output: Output = { out: console.log, err: console.error }): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || ["help", "--help", "-h"].includes(command) || rest.includes("--help")) {
    output.out(USAGE);
    return command === undefined ? USAGE_ERROR : DONE;
  }
  try {
    const settings = readSettings(env, command === "invite");
    const team = new Team(settings.url, settings.serviceRoleKey, settings.siteUrl);
    switch (command) {
      case "invite": {
        const { positional, role } = withRoleOption(rest);
        const [email] = exactly(positional, 1, "invite <email> --role administrator|editor");
        output.out(await team.invite(address(email!), roleOf(role, "--role")));
        return DONE;
      }
      case "list":
        exactly(rest, 0, "list");
        output.out(await team.list());
        return DONE;
      case "role": {
        const [email, role] = exactly(rest, 2, "role <email> administrator|editor");
        output.out(await team.setRole(address(email!), roleOf(role, "the role")));
        return DONE;
      }
      case "remove": {
        const [email] = exactly(rest, 1, "remove <email>");
        output.out(await team.remove(address(email!)));
        return DONE;
      }
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`${error.message}\nRun \`npm run team -- --help\` for the commands.`);
      return USAGE_ERROR;
    }
    output.err(describeFailure(error));
    return FAILED;
  }
}

class Team {
  readonly #auth: AuthAdminApi;
  readonly #rest: TeamRest;
  readonly #redirectTo: string | null;

  constructor(url: string, serviceRoleKey: string, siteUrl: string | null) {
    this.#auth = new AuthAdminApi(url, serviceRoleKey);
    this.#rest = new TeamRest(url, serviceRoleKey, serviceRoleKey);
    this.#redirectTo = siteUrl && invitationRedirect(siteUrl);
  }

  async invite(email: string, role: TeamRole): Promise<string> {
    const { invited } = await addMemberByEmail(this.#auth, email, this.#redirectTo!, async (user, createdAccount) => {
      const [row] = await this.#rest.rows<MemberRow>("POST", "admin_users", `select=${MEMBER_COLUMNS}`, { id: user.id, email, role, created_account: createdAccount });
      return row!;
    });
    return invited ? `Invited ${email} as ${role}: an invitation mail is on its way.` : `Added ${email} (an existing account) as ${role}.`;
  }

  async list(): Promise<string> {
    const rows = await this.#rest.rows<MemberRow>("GET", "admin_users", `select=${MEMBER_COLUMNS}&order=created_at.asc,id.asc`);
    const members = await Promise.all(rows.map(async (row) => ({ row, user: await this.#auth.user(row.id) })));
    if (members.length === 0) return "The team has no members.";
    const table = [
      ["EMAIL", "ROLE", "STATUS", "LAST SIGN-IN"],
      ...members.map(({ row, user }) => [user?.email ?? row.email ?? row.id, row.role, memberStatus(user), user?.last_sign_in_at ?? "never"]),
    ];
    const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
    return table.map((line) => line.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd()).join("\n");
  }

  async setRole(email: string, role: TeamRole): Promise<string> {
    const id = await this.#memberId(email);
    const [row] = await this.#rest.rows<MemberRow>("PATCH", "admin_users", `id=eq.${id}&select=${MEMBER_COLUMNS}`, { role });
    if (!row) throw new Refusal(`${email}: ${MESSAGES.noSuchMember}.`);
    return `${email} is now ${role}.`;
  }

  /** As the web tier's removal: the database ends the membership and the sessions, and says whether the account goes. */
  async remove(email: string): Promise<string> {
    const id = await this.#memberId(email);
    let ended: EndedMembership;
    try {
      ended = await this.#rest.rpc<EndedMembership>("end_team_membership", { member_id: id });
    } catch (error) {
      if (isNoSuchMember(error)) throw new Refusal(`${email}: ${MESSAGES.noSuchMember}.`);
      throw error;
    }
    if (!ended.delete_account) return `Removed ${email} from the team and ended their sessions; their account stays (the team's invitation did not make it, or it holds other data).`;
    await this.#auth.deleteUser(id);
    return `Removed ${email} from the team and deleted their account.`;
  }

  async #memberId(email: string): Promise<string> {
    const user = await this.#auth.findByEmail(email);
    if (!user) throw new Refusal(`${email}: ${MESSAGES.noSuchMember}.`);
    return user.id;
  }
}

class Refusal extends Error {}

function describeFailure(error: unknown): string {
  if (error instanceof Refusal) return error.message;
  if (isDuplicate(error)) return `${MESSAGES.alreadyMember}.`;
  if (error instanceof RestError) return `Refused: ${refusalMessage(error)} (HTTP ${error.status}).`;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `The project could not be reached: ${error instanceof Error ? error.message : String(error)}${cause}`;
}

function readSettings(env: Record<string, string | undefined>, needsSite: boolean): { url: string; serviceRoleKey: string; siteUrl: string | null } {
  const names = ["SUPABASE_URL", "SUPABASE_SERVICE_ROLE_KEY", ...(needsSite ? (["SITE_URL"] as const) : [])] as const;
  const problems = names.filter((name) => !env[name]?.trim()).map((name) => `${name} is not set: ${REQUIRED_SETTINGS[name]}.`);
  for (const name of ["SUPABASE_URL", "SITE_URL"] as const) {
    const value = env[name]?.trim();
    if (value && !/^https?:\/\//.test(value)) problems.push(`${name} must be an http(s) URL, not "${value}".`);
  }
  if (problems.length > 0) throw new UsageError(problems.join("\n"));
  return {
    url: env.SUPABASE_URL!.trim().replace(/\/+$/, ""),
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY!.trim(),
    siteUrl: env.SITE_URL?.trim().replace(/\/+$/, "") || null,
  };
}

/** `--role <role>` or `--role=<role>` out of the arguments, and the rest. */
function withRoleOption(args: string[]): { positional: string[]; role: string | undefined } {
  const positional: string[] = [];
  let role: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--role") role = args[++i];
    else if (arg.startsWith("--role=")) role = arg.slice("--role=".length);
    else if (arg.startsWith("-")) throw new UsageError(`Unknown option "${arg}".`);
    else positional.push(arg);
  }
  return { positional, role };
}

function exactly(args: string[], count: number, usage: string): string[] {
  if (args.length !== count) throw new UsageError(`Usage: npm run team -- ${usage}`);
  return args;
}

function address(value: string): string {
  const email = normalEmail(value);
  if (email === null) throw new UsageError(`"${value}": ${MESSAGES.badEmail}.`);
  return email;
}

function roleOf(value: string | undefined, what: string): TeamRole {
  if (value === undefined || !(TEAM_ROLES as readonly string[]).includes(value)) throw new UsageError(`${what} must be administrator or editor${value === undefined ? "" : `, not "${value}"`}.`);
  return value as TeamRole;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
