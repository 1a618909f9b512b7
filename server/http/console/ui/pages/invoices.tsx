// The invoice list with the spec's filters (status, client, issue dates, search), status chips and
// paging. The filters live in the URL, so a filtered list can be bookmarked, shared and gone back to.
import type { JSX } from "preact";
import { INVOICE_STATUSES } from "../../../../domain/lifecycle.ts";
import { consoleTool, formToolAttributes, paramAttributes, toolAttributes } from "../../bridge/index.ts";
import { usePageTool } from "../../bridge/preact.ts";
import { api, type Inputs } from "../api.ts";
import { ErrorNote, Field, Loading, PageTitle, Pager, StatusChip, Table } from "../components.tsx";
import { day, money } from "../format.ts";
import { useQuery } from "../hooks.ts";
import { t, type PhraseKey } from "../i18n/index.ts";
import { Link, navigate, withQuery } from "../router.ts";
import type { PageProps } from "../routes.ts";
import { can, useSession } from "../session.ts";

const PAGE_SIZE = 20;
type Filters = Inputs["invoices"]["list"];
const SEARCH = consoleTool("invoices.search");

function filtersOf(query: URLSearchParams): Filters {
  const text = (name: string): string | undefined => query.get(name) || undefined;
  return {
    status: text("status") as Filters["status"],
    client_id: text("client_id"),
    from_date: text("from_date"),
    to_date: text("to_date"),
    q: text("q"),
    limit: PAGE_SIZE,
    offset: Number(query.get("offset") ?? 0) || 0,
  };
}

function show(filters: Filters): void {
  navigate(withQuery("/app/invoices", { ...filters, limit: undefined, offset: filters.offset || undefined }));
}

function StatusChips({ filters }: { filters: Filters }): JSX.Element {
  return (
    <div class="chips" role="group" aria-label={t("invoices.byStatus")}>
      <button type="button" aria-pressed={!filters.status} onClick={() => show({ ...filters, status: undefined, offset: 0 })} {...toolAttributes(SEARCH)}>
        {t("invoices.all")}
      </button>
      {INVOICE_STATUSES.map((status) => (
        <button key={status} type="button" class={`chip chip-${status}`} aria-pressed={filters.status === status} onClick={() => show({ ...filters, status, offset: 0 })} {...toolAttributes(SEARCH, { status })}>
          {t(`status.${status}` as PhraseKey)}
        </button>
      ))}
    </div>
  );
}

function FilterForm({ filters }: { filters: Filters }): JSX.Element {
  const clients = useQuery(() => api.clients.list.query({ limit: 100 }), []);
  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const form = new FormData(element);
    const value = (name: string): string | undefined => (form.get(name) as string | null) || undefined;
    const [from, to] = [value("from"), value("to")];
    // Dates out of order would match nothing, silently (the API refuses them too): say so at the field.
    const until = element.elements.namedItem("to") as HTMLInputElement;
    until.setCustomValidity(from && to && to < from ? t("invoices.toBeforeFrom") : "");
    if (!until.reportValidity()) return;
    show({ ...filters, client_id: value("client_id"), from_date: from, to_date: to, q: value("q"), offset: 0 });
  };
  return (
    <form class="filters" role="search" onSubmit={submit} {...formToolAttributes(SEARCH)}>
      <Field label={t("invoices.search")}>
        <input type="search" defaultValue={filters.q ?? ""} maxLength={200} {...paramAttributes(SEARCH, "q")} />
      </Field>
      <Field label={t("invoices.client")}>
        <select defaultValue={filters.client_id ?? ""} {...paramAttributes(SEARCH, "client_id")}>
          <option value="">{t("invoices.anyClient")}</option>
          {clients.data?.data.map((client) => (
            <option key={client.id} value={client.id}>
              {client.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("invoices.from")}>
        <input type="date" defaultValue={filters.from_date ?? ""} {...paramAttributes(SEARCH, "from")} />
      </Field>
      <Field label={t("invoices.to")}>
        <input type="date" defaultValue={filters.to_date ?? ""} onInput={(event) => event.currentTarget.setCustomValidity("")} {...paramAttributes(SEARCH, "to")} />
      </Field>
      <div class="actions">
        <button type="submit" class="primary">
          {t("invoices.apply")}
        </button>
        <button type="button" onClick={() => navigate("/app/invoices")}>
          {t("invoices.clear")}
        </button>
      </div>
    </form>
  );
}

/** The agent's search does what the form does: shows the matching list, and answers with that page of it. */
function useSearchTool(): void {
  usePageTool({
    ...SEARCH,
    execute: (input) => {
      const text = (name: string): string | undefined => (typeof input[name] === "string" && input[name] !== "" ? (input[name] as string) : undefined);
      const filters: Filters = {
        q: text("q"),
        status: text("status") as Filters["status"],
        client_id: text("client_id"),
        from_date: text("from"),
        to_date: text("to"),
        limit: PAGE_SIZE,
        offset: typeof input.offset === "number" ? input.offset : 0,
      };
      show(filters);
      return api.invoices.list.query(filters);
    },
  });
}

export function Page({ query }: PageProps): JSX.Element {
  const filters = filtersOf(query);
  const list = useQuery(() => api.invoices.list.query(filters), [query.toString()]);
  useSearchTool();
  const { me } = useSession();
  return (
    <>
      <PageTitle>{t("invoices.title")}</PageTitle>
      {can(me, "invoices:write") && (
        <div class="actions">
          <Link href="/app/invoices/new" class="button primary">
            {t("editor.newInvoice")}
          </Link>
        </div>
      )}
      <FilterForm key={query.toString()} filters={filters} />
      <StatusChips filters={filters} />
      <ErrorNote error={list.error} />
      {list.loading && !list.data && <Loading />}
      {list.data && list.data.total === 0 && <p>{t("invoices.none")}</p>}
      {list.data && list.data.total > 0 && (
        <>
          <Table caption={t("invoices.title")} head={[t("invoices.number"), t("invoices.client"), t("invoices.status"), t("invoices.issued"), t("invoices.due"), t("invoices.total")]}>
            {list.data.data.map((invoice) => (
              <tr key={invoice.id}>
                <th scope="row">
                  <Link href={`/app/invoices/${invoice.id}`}>{invoice.number ?? t("invoices.draftNumber")}</Link>
                </th>
                <td>{invoice.bill_to_name}</td>
                <td>
                  <StatusChip status={invoice.status} locked={invoice.locked} />
                </td>
                <td>{day(invoice.issue_date)}</td>
                <td>{day(invoice.due_date)}</td>
                <td class="number">{money(invoice.total, invoice.currency)}</td>
              </tr>
            ))}
          </Table>
          <Pager total={list.data.total} limit={PAGE_SIZE} offset={filters.offset ?? 0} onPage={(offset) => show({ ...filters, offset })} />
        </>
      )}
    </>
  );
}
