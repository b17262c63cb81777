/** A handler of Auth requests: lite's own, or one of ours in front of it. */
export type Serve = (request: Request) => Promise<Response>;

/** GoTrue's error shape, as supabase-js reads it. */
export function authError(status: number, errorCode: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ code: status, error_code: errorCode, msg: message }, { status, headers: { "X-Sb-Error-Code": errorCode, ...headers } });
}
