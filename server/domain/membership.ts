// Who may change whose place in an account (ADR 0019): owners manage everyone, admins only
// members, approval is an owner's grant to a member, and an account always keeps an owner. Pure, so
// each rule is tested directly; the procedures load the facts and call these before writing.
import type { Principal, Role } from "./access.ts";
import { AppError } from "./errors.ts";

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

/** The higher of two roles: accepting an invite never lowers someone already in the account. */
export function higherRole(a: Role, b: Role): Role {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * The role a caller manages people with: a person's own (an agent acts for its person). An API key
 * counts as an admin: an admin may mint keys with account:admin, so a key ranking as an owner would
 * let an admin make themselves owner.
 */
export function managerRole(principal: Principal): Role {
  return principal.role ?? "admin";
}

/** Owners give and take any role; admins only `member`. */
function assertMayHandle(manager: Role, role: Role, doing: string): void {
  if (manager !== "owner" && role !== "member") throw new AppError("FORBIDDEN", `Only an owner may ${doing} an ${role}`, { role });
}

/** Approval (invoices:approve) is given to members by an owner only; owners and admins hold it anyway. */
function assertMayGrantApproval(manager: Role): void {
  if (manager !== "owner") throw new AppError("FORBIDDEN", "Only an owner may give or take a member's approval right (can_approve)", { field: "can_approve" });
}

function assertKeepsAnOwner(member: { role: Role }, owners: number, field: string): void {
  if (member.role === "owner" && owners <= 1) {
    throw new AppError("RESOURCE_IN_USE", "An account keeps at least one owner: make another member owner first", { field });
  }
}

export type Member = { role: Role; canApprove: boolean };
export type MemberChange = { role?: Role | undefined; canApprove?: boolean | undefined };

/** Refuses a role or approval change the manager may not make; `owners` counts the account's owners now. */
export function assertMayChangeMember(manager: Role, member: Member, change: MemberChange, owners: number): void {
  // Setting a field to what it already is changes nothing, and needs no right.
  const role = change.role ?? member.role;
  const changesRole = role !== member.role;
  const changesApproval = change.canApprove !== undefined && change.canApprove !== member.canApprove;
  if (changesRole || changesApproval) assertMayHandle(manager, member.role, "change");
  if (changesRole) {
    assertMayHandle(manager, role, "appoint");
    assertKeepsAnOwner(member, owners, "role");
  }
  if (changesApproval) assertMayGrantApproval(manager);
}

export function assertMayRemoveMember(manager: Role, member: Member, owners: number): void {
  assertMayHandle(manager, member.role, "remove");
  assertKeepsAnOwner(member, owners, "user_id");
}

/**
 * Refuses an invite the manager may not send: owners invite anyone, admins (and keys) members
 * without approval. An account with no owner yet (made by the script, used through its key) may
 * invite its first owner, so the key printed at first start can hand the account to a person.
 * Revoking an invite takes the same right as sending it.
 */
export function assertMayInvite(manager: Role, invite: Member, owners: number): void {
  if (invite.role === "owner" && owners === 0) return;
  assertMayHandle(manager, invite.role, "invite");
  if (invite.canApprove && invite.role === "member") assertMayGrantApproval(manager);
}

