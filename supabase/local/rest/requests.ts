const REST_METHODS = new Set(["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"]);

export interface Refusal {
  status: number;
  body: { code: string; details: string | null; hint: string | null; message: string };
}

/**
 * What PostgREST refuses before planning a query but lite lets through: unsupported methods and
 * limit/offset values that are not whole numbers.
 */
export function refuseRestRequest(method: string, query: URLSearchParams): Refusal | null {
  if (!REST_METHODS.has(method)) {
    return { status: 405, body: { code: "PGRST117", details: null, hint: null, message: `Unsupported HTTP method: ${method}` } };
  }
  for (const name of ["limit", "offset"]) {
    for (const value of query.getAll(name)) {
      if (!/^\d+$/.test(value)) {
        return { status: 400, body: { code: "PGRST100", details: `unexpected "${value}" expecting digit`, hint: null, message: `"failed to parse ${name} parameter (${value})"` } };
      }
    }
  }
  return null;
}
