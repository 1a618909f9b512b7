// The rules of who may change whose place in an account, every combination of manager and target.
import { describe, expect, test } from "bun:test";
import { ROLES, type Principal, type Role } from "../../server/domain/access.ts";
import type { AppError } from "../../server/domain/errors.ts";
import { assertMayChangeMember, assertMayInvite, assertMayRemoveMember, higherRole, managerRole, type Member } from "../../server/domain/membership.ts";

function outcome(check: () => void): string {
  try {
    check();
    return "ok";
  } catch (error) {
    return (error as AppError).code;
  }
}

const member = (role: Role, canApprove = false): Member => ({ role, canApprove });

describe("changing a member's role", () => {
  test("owners give and take every role; admins none (every role but member is an owner's to give)", () => {
    const table = Object.fromEntries(
      (["owner", "admin"] as const).map((manager) => [
        manager,
        Object.fromEntries(ROLES.flatMap((from) => ROLES.filter((to) => to !== from).map((to) => [`${from}→${to}`, outcome(() => assertMayChangeMember(manager, member(from), { role: to }, 2))]))),
      ]),
    );
    expect(table).toEqual({
      owner: { "owner→admin": "ok", "owner→member": "ok", "admin→owner": "ok", "admin→member": "ok", "member→owner": "ok", "member→admin": "ok" },
      admin: {
        "owner→admin": "FORBIDDEN",
        "owner→member": "FORBIDDEN",
        "admin→owner": "FORBIDDEN",
        "admin→member": "FORBIDDEN",
        "member→owner": "FORBIDDEN",
        "member→admin": "FORBIDDEN",
      },
    });
  });

  test("the last owner cannot step down; one of two can", () => {
    expect(outcome(() => assertMayChangeMember("owner", member("owner"), { role: "admin" }, 1))).toBe("RESOURCE_IN_USE");
    expect(outcome(() => assertMayChangeMember("owner", member("owner"), { role: "member" }, 2))).toBe("ok");
  });

  test("approval is an owner's to give or take; setting what already is needs no right", () => {
    expect(outcome(() => assertMayChangeMember("owner", member("member"), { canApprove: true }, 1))).toBe("ok");
    expect(outcome(() => assertMayChangeMember("admin", member("member"), { canApprove: true }, 1))).toBe("FORBIDDEN");
    expect(outcome(() => assertMayChangeMember("admin", member("member", true), { canApprove: false }, 1))).toBe("FORBIDDEN");
    expect(outcome(() => assertMayChangeMember("admin", member("member", true), { canApprove: true, role: "member" }, 1))).toBe("ok");
    expect(outcome(() => assertMayChangeMember("admin", member("owner"), {}, 1))).toBe("ok");
  });
});

describe("removing a member", () => {
  test("owners remove anyone but the last owner; admins only members", () => {
    expect(ROLES.map((role) => outcome(() => assertMayRemoveMember("owner", member(role), 2)))).toEqual(["ok", "ok", "ok"]);
    expect(ROLES.map((role) => outcome(() => assertMayRemoveMember("admin", member(role), 2)))).toEqual(["FORBIDDEN", "FORBIDDEN", "ok"]);
    expect(outcome(() => assertMayRemoveMember("owner", member("owner"), 1))).toBe("RESOURCE_IN_USE");
  });
});

describe("inviting", () => {
  test("owners invite any role with or without approval; admins members without it", () => {
    expect(ROLES.map((role) => outcome(() => assertMayInvite("owner", member(role, true), 1)))).toEqual(["ok", "ok", "ok"]);
    expect(ROLES.map((role) => outcome(() => assertMayInvite("admin", member(role), 1)))).toEqual(["FORBIDDEN", "FORBIDDEN", "ok"]);
    expect(outcome(() => assertMayInvite("admin", member("member", true), 1))).toBe("FORBIDDEN");
  });

  test("an account without an owner may invite its first one, whoever manages it", () => {
    expect(outcome(() => assertMayInvite("admin", member("owner"), 0))).toBe("ok");
    expect(outcome(() => assertMayInvite("admin", member("admin"), 0))).toBe("FORBIDDEN");
  });
});

describe("roles", () => {
  test("a person manages with their own role (an agent with its person's); a key as an admin", () => {
    const principal = (kind: Principal["kind"], role: Role | null): Principal => ({ kind, id: "x", accountId: "acc", tier: "free", scopes: [], userId: role && "usr", role });
    expect(managerRole(principal("session", "owner"))).toBe("owner");
    expect(managerRole(principal("agent", "member"))).toBe("member");
    expect(managerRole(principal("key", null))).toBe("admin");
  });

  test("the higher role wins", () => {
    expect(higherRole("member", "admin")).toBe("admin");
    expect(higherRole("owner", "member")).toBe("owner");
    expect(higherRole("member", "member")).toBe("member");
  });
});
