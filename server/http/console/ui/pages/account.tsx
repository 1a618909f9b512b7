// The account: its seller profile (what new invoices copy), and for owners and admins its members
// and the invitations that bring new ones in.
import type { JSX } from "preact";
import { useRef, useState } from "preact/hooks";
import { ROLES, type Role } from "../../../../domain/access.ts";
import { api, type Outputs } from "../api.ts";
import { ConfirmButton, CopyField, ErrorNote, Field, Loading, PageTitle, Table } from "../components.tsx";
import { CountrySelect } from "../country-select.tsx";
import { moment } from "../format.ts";
import { textOrNull } from "../entities.tsx";
import { useAction, useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import type { PageProps } from "../routes.ts";
import { useInvalidField } from "../invalid-field.ts";
import { LocaleSelect } from "../locale-select.tsx";
import { can, useSession } from "../session.ts";

type Account = Outputs["account"]["get"];

function profileInput(form: FormData) {
  const text = (name: string): string | null => textOrNull(form.get(name) as string | null ?? "");
  const address = { line1: text("line1"), postal_code: text("postal_code"), city: text("city"), country: text("country")?.toUpperCase() ?? null };
  const name = text("account_name");
  return {
    ...(name ? { name } : {}),
    legal_name: text("legal_name"),
    tax_id: text("tax_id"),
    registration_id: text("registration_id"),
    contact: { name: text("contact_name"), email: text("contact_email"), phone: text("contact_phone") },
    address: Object.values(address).some((part) => part !== null) ? address : null,
    currency: text("currency")?.toUpperCase() ?? null,
    locale: text("locale"),
    payment: { iban: text("iban")?.replace(/\s+/g, "").toUpperCase() ?? null, bic: text("bic")?.toUpperCase() ?? null },
    ...(text("timezone") ? { timezone: text("timezone")! } : {}),
  };
}

function Profile({ account, editable, onSaved }: { account: Account; editable: boolean; onSaved(account: Account): void }): JSX.Element {
  const save = useAction((form: FormData) => api.account.update.mutate(profileInput(form)), () => t("account.saved"));
  const formRef = useRef<HTMLFormElement>(null);
  useInvalidField(formRef, save.failure);
  const field = (name: string, label: PhraseKey, value: string | null, extra: JSX.InputHTMLAttributes<HTMLInputElement> = {}): JSX.Element => (
    <Field label={t(label)}>
      <input name={name} defaultValue={value ?? ""} readOnly={!editable} {...extra} />
    </Field>
  );
  return (
    <section class="card" aria-labelledby="profile-title">
      <h2 id="profile-title">{t("account.profile")}</h2>
      <form
        ref={formRef}
        class="grid-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const saved = await save.run(new FormData(event.currentTarget));
          if (saved) onSaved(saved);
        }}
      >
        {field("account_name", "account.name", account.name, { maxLength: 200, required: true })}
        {field("legal_name", "account.legalName", account.legal_name, { maxLength: 500 })}
        {field("tax_id", "clients.taxId", account.tax_id, { maxLength: 100 })}
        {field("registration_id", "account.registrationId", account.registration_id, { maxLength: 100 })}
        {field("contact_name", "account.contactName", account.contact.name, { maxLength: 200 })}
        {field("contact_email", "clients.email", account.contact.email, { type: "email", maxLength: 320 })}
        {field("contact_phone", "clients.phone", account.contact.phone, { maxLength: 50 })}
        {field("line1", "clients.street", account.address?.line1 ?? null, { maxLength: 500 })}
        {field("postal_code", "clients.postalCode", account.address?.postal_code ?? null, { maxLength: 50 })}
        {field("city", "clients.city", account.address?.city ?? null, { maxLength: 200 })}
        <Field label={t("clients.country")}>
          <CountrySelect name="country" value={account.address?.country ?? null} disabled={!editable} />
        </Field>
        {field("currency", "clients.currency", account.currency, { maxLength: 3, pattern: "[A-Za-z]{3}" })}
        <Field label={t("account.locale")}>
          <LocaleSelect name="locale" value={account.locale} disabled={!editable} />
        </Field>
        {field("timezone", "account.timezone", account.timezone, { maxLength: 64 })}
        {field("iban", "account.iban", account.payment.iban, { maxLength: 42 })}
        {field("bic", "account.bic", account.payment.bic, { maxLength: 11 })}
        {editable && (
          <div class="actions wide">
            <button type="submit" class="primary" disabled={save.busy}>
              {t("common.save")}
            </button>
          </div>
        )}
        <ErrorNote error={save.error} />
      </form>
    </section>
  );
}

function RoleSelect({ value, label, onChange, name }: { value?: Role; label: string; onChange?(role: Role): void; name?: string }): JSX.Element {
  return (
    <Field label={label}>
      <select name={name} value={value} onChange={(event) => onChange?.(event.currentTarget.value as Role)}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`role.${role}` as PhraseKey)}
          </option>
        ))}
      </select>
    </Field>
  );
}

function Members(): JSX.Element {
  const { me } = useSession();
  const members = useQuery(() => api.members.list.query({}), []);
  const update = useAction((userId: string, change: { role?: Role; can_approve?: boolean }) => api.members.update.mutate({ user_id: userId, ...change }), () => t("members.updated"));
  const remove = useAction((userId: string, name: string) => api.members.remove.mutate({ user_id: userId }).then(() => name), (name) => t("members.removed", { name }));
  const changed = async (result: unknown): Promise<void> => {
    if (result) members.reload();
  };
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">{t("members.title")}</h2>
      <ErrorNote error={members.error ?? update.error ?? remove.error} />
      {!members.data && !members.error && <Loading />}
      {members.data && (
        <Table caption={t("members.title")} head={[t("members.person"), t("members.role"), t("members.canApprove"), t("members.joined"), t("common.actions")]}>
          {members.data.data.map((member) => {
            const name = member.name ?? member.email;
            const self = member.user_id === me.user.id;
            return (
              <tr key={member.user_id}>
                <th scope="row">
                  {name} {member.name && <span class="muted">{member.email}</span>}
                </th>
                <td>
                  <RoleSelect value={member.role} label={t("members.roleOf", { name })} onChange={(role) => void update.run(member.user_id, { role }).then(changed)} />
                </td>
                <td>
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={member.role !== "member" || member.can_approve}
                      disabled={member.role !== "member"}
                      onChange={(event) => void update.run(member.user_id, { can_approve: event.currentTarget.checked }).then(changed)}
                    />
                    <span class="visually-hidden">{t("members.canApproveOf", { name })}</span>
                  </label>
                </td>
                <td>{moment(member.joined_at)}</td>
                <td class="row-actions">
                  {!self && (
                    <ConfirmButton
                      label={t("members.remove")}
                      question={t("members.removeQuestion", { name })}
                      busy={remove.busy}
                      onConfirm={() => void remove.run(member.user_id, name).then(changed)}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </Table>
      )}
    </section>
  );
}

function Invites(): JSX.Element {
  const invites = useQuery(() => api.invites.list.query({}), []);
  const create = useAction((form: FormData) => {
    const email = textOrNull(form.get("email") as string | null ?? "");
    return api.invites.create.mutate({ ...(email ? { email } : {}), role: form.get("role") as Role, can_approve: form.get("can_approve") === "on" });
  }, () => t("invites.created"));
  const revoke = useAction((id: string) => api.invites.revoke.mutate({ id }), () => t("invites.revoked"));
  const [link, setLink] = useState<string | null>(null);
  return (
    <section aria-labelledby="invites-title">
      <h2 id="invites-title">{t("invites.title")}</h2>
      <form
        class="grid-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const created = await create.run(new FormData(event.currentTarget));
          if (created) {
            setLink(created.url);
            invites.reload();
          }
        }}
      >
        <Field label={t("invites.email")} hint={t("invites.emailHint")}>
          <input name="email" type="email" maxLength={320} />
        </Field>
        <RoleSelect name="role" value="member" label={t("members.role")} />
        <label class="check">
          <input type="checkbox" name="can_approve" />
          {t("members.canApprove")}
        </label>
        <div class="actions wide">
          <button type="submit" class="primary" disabled={create.busy}>
            {t("invites.create")}
          </button>
        </div>
        <ErrorNote error={create.error} />
      </form>
      {link && <CopyField label={t("invites.link")} value={link} />}
      <ErrorNote error={invites.error ?? revoke.error} />
      {invites.data && invites.data.data.length > 0 && (
        <Table caption={t("invites.pending")} head={[t("invites.email"), t("members.role"), t("invites.expires"), t("common.actions")]}>
          {invites.data.data.map((invite) => (
            <tr key={invite.id}>
              <th scope="row">{invite.email ?? t("invites.anyone")}</th>
              <td>{t(`role.${invite.role}` as PhraseKey)}</td>
              <td>{moment(invite.expires_at)}</td>
              <td class="row-actions">
                <ConfirmButton label={t("invites.revoke")} question={t("invites.revokeQuestion")} busy={revoke.busy} onConfirm={() => void revoke.run(invite.id).then(() => invites.reload())} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

export function Page(_props: PageProps): JSX.Element {
  const { me } = useSession();
  const loaded = useQuery(() => api.account.get.query({}), []);
  const [saved, setSaved] = useState<Account | null>(null);
  const account = saved ?? loaded.data;
  const admin = can(me, "account:admin");
  return (
    <>
      <PageTitle>{t("account.title", { name: me.account.name })}</PageTitle>
      <p>
        {t("account.yourRole", { role: t(`role.${me.role}` as PhraseKey) })}
        {me.can_approve && me.role === "member" && ` · ${t("members.canApprove")}`}
      </p>
      <ErrorNote error={loaded.error} />
      {account ? <Profile account={account} editable={admin} onSaved={setSaved} /> : !loaded.error && <Loading />}
      {admin && <Members />}
      {admin && <Invites />}
    </>
  );
}
