// What a procedure declares about itself beside its schemas: its REST route (trpc-to-openapi's meta),
// its place in a tool, its scope and price, and how REST reads its body. The faces read it at start.
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Principal } from "../server/domain/access.ts";
import type { PaidOperation } from "../server/domain/prices.ts";
import type { Scope } from "../server/domain/scopes.ts";

/**
 * Meta key of a schema that is another tool's whole input (the inline invoice is invoices.create's
 * fields): tools/list names that tool instead of repeating its schema (server/http/tool-schemas.ts).
 */
export const SAME_AS_TOOL = "x-same-as-tool";

export type ToolHints = { readOnly: boolean; destructive: boolean; idempotent: boolean; openWorld: boolean };

/** Exposes a procedure as (part of) a JSON-RPC/MCP tool; aggregate tools dispatch on `action`. */
export type ToolMeta = {
  name: string;
  /** Set when several procedures share the tool; the caller picks one with `{action}`. */
  action?: string;
  /** The action run when a call names none (invoices.query lists, invoices.finalize finalizes). */
  isDefault?: boolean;
  /** Runs, when a call names no action, if the arguments hold this field (invoices.export's `invoice`). */
  selectWhen?: string;
  /**
   * A call naming this other action also runs this one when its arguments hold `selectWhen`'s field
   * (invoices.query `get` with a share_token reads the shared invoice, open as `shared` is).
   */
  alsoAnswers?: string;
  /** For `entities.*`: which entity the action is about (`{entity, action}`). */
  entity?: string;
  title: string;
  description: string;
  /** The spec's Auth column: "none" tools are open to call, though stored data still needs a key. */
  auth: "none" | "key";
  hints: ToolHints;
  /** The tool's output is an exported file's link (MCP: text inline, the rest as a resource_link). */
  returnsFile?: boolean;
  /**
   * One valid call of this action, without `action`/`entity` (the registry adds them): tools/list
   * shows it in the tool's description, and a test runs it through the procedure's input schema.
   */
  example: Record<string, unknown>;
};

/** What the procedures of one aggregate tool share; each procedure adds its action and example. */
export type ToolFamily = Omit<ToolMeta, "action" | "isDefault" | "selectWhen" | "alsoAnswers" | "entity" | "example">;

/** A price that applies to some inputs only: the test on the parsed input, and the same in words for the catalogs. */
export type PriceCondition<Input> = { appliesTo: (input: Input) => boolean; when: string };

export type Meta = OpenApiMeta & {
  tool?: ToolMeta;
  /** REST success status when it is not 200 (create: 201 with Location). */
  successStatus?: 201;
  /**
   * For a 201 route whose output is not the created resource itself: the created id in the output,
   * or null when the call created nothing (a dry run answers 200 without Location).
   */
  createdId?: (output: never) => string | null;
  /** REST also takes the body as text/plain, as this input field (the rest from the query string). */
  textBody?: string;
  /** Housekeeping (health, capabilities): never rate limited. */
  unmetered?: boolean;
  /** The scope a key needs, recorded by the builder for capabilities and docs. */
  scope?: Scope;
  /** Set by keyProcedure (and so scopedProcedure): a call without a valid credential is 401. */
  keyRequired?: true;
  /** The kinds of credential allowed (unset: all); another kind gets 403. */
  principals?: Principal["kind"][];
  /**
   * A paid operation (ADR 0023): a caller without a credential pays per call with x402, a credential
   * counts it as its account's usage. `when` says in words which inputs are priced, when not all
   * are (an inline export is priced only when it renders a PDF or PNG).
   */
  price?: { operation: PaidOperation; when?: string };
  /**
   * REST also takes the body as raw bytes of these media types (an image, a PDF), up to the document
   * limit (server/domain/wire.ts), into `field` as base64 with `encoding: "base64"` and `content_type`
   * beside it; the rest of the input from the query string.
   */
  binaryBody?: { field: string; types: readonly string[] };
  /**
   * REST also takes a multipart/form-data upload: one file part fills `file` (base64, with
   * `encoding: "base64"`) and `name`;
   * several fill `many` as a list of {content, file_name}. Needs binaryBody; the form has the upload limit.
   */
  multipartBody?: { file: string; name: string; many?: string };
  /** REST: where the created (201) or accepted (202) resource is read, `{id}` its id, when not at the collection's own path. */
  location?: string;
  /** REST answers 202 Accepted when this holds of the output: the work goes on after the answer. */
  acceptedWhen?: (output: never) => boolean;
};
