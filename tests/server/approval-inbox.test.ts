// The approval inbox's pure parts: who a history actor is (server/invoices/history.ts), and which entries count as changes.
import { describe, expect, test } from "bun:test";
import type { HistoryEntry } from "../../db/queries/invoice-history.ts";
import { changesSinceApproval } from "../../server/invoices/approvals.ts";
import { actorIdsOf, partyOf } from "../../server/invoices/history.ts";

function entry(action: HistoryEntry["action"], from: HistoryEntry["from_status"], to: HistoryEntry["to_status"]): HistoryEntry {
  return { id: `his_${action}_${to}`, revision: 1, action, from_status: from, to_status: to, changes: [], note: null, actor: "system", at: "2026-11-21T10:00:00.000Z" };
}

describe("parties", () => {
  const names = new Map([
    ["key:key_1", "Zapier"],
    ["user:usr_1", "Mia"],
    ["agent:grt_1", "Claude Desktop"],
  ]);

  test("keys, people and agents by their looked-up names; the service by what it is", () => {
    expect(partyOf("key:key_1", names)).toEqual({ kind: "key", id: "key_1", name: "Zapier" });
    expect(partyOf("user:usr_1", names)).toEqual({ kind: "user", id: "usr_1", name: "Mia" });
    expect(partyOf("agent:grt_1", names)).toEqual({ kind: "agent", id: "grt_1", name: "Claude Desktop" });
    expect(partyOf("system", names)).toEqual({ kind: "system", id: "system", name: "system" });
    expect(partyOf("rule:rec_1", names)).toEqual({ kind: "system", id: "rec_1", name: "recurring rule" });
  });

  test("an actor with no name found stays unnamed", () => {
    expect(partyOf("key:key_gone", names)).toEqual({ kind: "key", id: "key_gone", name: null });
  });

  test("ids to look up, each once, by kind; the service needs none", () => {
    expect(actorIdsOf(["key:key_1", "user:usr_1", "key:key_1", "system", "rule:rec_1", "agent:grt_1"])).toEqual({ key: ["key_1"], user: ["usr_1"], agent: ["grt_1"] });
  });
});

describe("changes since the last approval", () => {
  test("never approved: everything after the creation", () => {
    const history = [entry("created", null, "draft"), entry("updated", "draft", "draft"), entry("transitioned", "draft", "review")];
    expect(changesSinceApproval(history)).toEqual(history.slice(1));
  });

  test("approved before: only what followed the approval", () => {
    const history = [entry("created", null, "draft"), entry("transitioned", "draft", "review"), entry("transitioned", "review", "approved"), entry("updated", "approved", "approved")];
    expect(changesSinceApproval(history)).toEqual(history.slice(3));
  });

  test("no history (an imported invoice): nothing", () => {
    expect(changesSinceApproval([])).toEqual([]);
  });
});
