// Limits and versions of the wire that callers see: the HTTP faces enforce them, svc.capabilities and
// the discovery documents announce them, so both read them from here.

/** The largest JSON or text body a request may carry (1 MiB); file uploads declare their own. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The MCP protocol versions the JSON-RPC face speaks, newest first: initialize agrees to the
 * client's version when it is listed here, else offers the newest.
 */
export const SUPPORTED_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;
