// What an import makes of each record — in a preview what would happen, after a commit what did,
// with links to what was made — and every problem and note at its place in the file. A refused
// record is marked and leads to its problem.
import type { ComponentChildren, JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Pager, Table } from "../components.tsx";
import { money, numberText } from "../format.ts";
import { t } from "../i18n/index.ts";
import { Link } from "../router.ts";
import { actionLabel, isPlaced, placeText, samePlace, type ImportOutcome, type Place, type RecordAction } from "./words.ts";

const PAGE_SIZE = 50;

type Problem = ImportOutcome["problems"][number];

/** A page of a long list, with its pager: a file of thousands of rows stays a page of fifty. */
function usePage<T>(items: readonly T[]): { shown: readonly T[]; offset: number; setOffset(offset: number): void } {
  const [offset, setOffset] = useState(0);
  const start = offset < items.length ? offset : 0;
  return { shown: items.slice(start, start + PAGE_SIZE), offset: start, setOffset };
}

function ActionCell({ action, committed }: { action: RecordAction; committed: boolean }): JSX.Element {
  return (
    <td>
      <span class={`chip import-action-${action}`}>{actionLabel(action, committed)}</span>
    </td>
  );
}

/** The button that leads from a refused record to its first problem, when the problems name its place. */
function ProblemLink({ place, problems, onShow }: { place: Place; problems: readonly Problem[]; onShow(index: number): void }): JSX.Element | null {
  const index = problems.findIndex((problem) => samePlace(problem, place));
  if (index === -1) return null;
  return (
    <button type="button" class="link-button" onClick={() => onShow(index)}>
      {t("import.showProblem", { place: placeText(place) })}
    </button>
  );
}

type RecordsProps<T> = { caption: string; head: string[]; items: readonly T[]; row(item: T): ComponentChildren; after?: ComponentChildren };

function RecordTable<T extends { action: RecordAction }>({ caption, head, items, row, after }: RecordsProps<T>): JSX.Element | null {
  const page = usePage(items);
  if (items.length === 0) return null;
  return (
    <>
      <h3>{caption}</h3>
      <Table caption={caption} head={head}>
        {page.shown.map((item, index) => (
          <tr key={page.offset + index} class={item.action === "refused" ? "import-refused" : undefined}>
            {row(item)}
          </tr>
        ))}
      </Table>
      <Pager total={items.length} limit={PAGE_SIZE} offset={page.offset} onPage={page.setOffset} />
      {after}
    </>
  );
}

/** After a commit, the way to the clients or products it made (their pages list them; invoices link one by one). */
function MadeLink({ items, href, label }: { items: ReadonlyArray<{ id: string | null; action: RecordAction }>; href: string; label: string }): JSX.Element | null {
  if (!items.some((item) => item.id !== null && item.action === "create")) return null;
  return (
    <p>
      <Link href={href}>{label}</Link>
    </p>
  );
}

type Props = { outcome: ImportOutcome; committed: boolean };

function Records({ outcome, committed, onShow }: Props & { onShow(index: number): void }): JSX.Element {
  const where = (place: Place, action: RecordAction): JSX.Element => (
    <td>
      {isPlaced(place) ? placeText(place) : t("import.fromInvoices")}
      {action === "refused" && (
        <>
          {" "}
          <ProblemLink place={place} problems={outcome.problems} onShow={onShow} />
        </>
      )}
    </td>
  );
  return (
    <>
      <RecordTable
        caption={t("import.kind.invoices")}
        head={[t("import.where"), t("import.happens"), t("import.number"), t("import.customer"), t("import.client"), t("import.total")]}
        items={outcome.invoices}
        row={(invoice) => (
          <>
            {where(invoice, invoice.action)}
            <ActionCell action={invoice.action} committed={committed} />
            <td>{invoice.id ? <Link href={`/app/invoices/${invoice.id}`}>{invoice.number ?? t("invoices.draftNumber")}</Link> : (invoice.number ?? "—")}</td>
            <td>{invoice.bill_to_name ?? "—"}</td>
            <td>{invoice.client ? `${invoice.client.name} (${actionLabel(invoice.client.action, committed)})` : "—"}</td>
            <td class="number">{invoice.total !== null && invoice.currency ? money(invoice.total, invoice.currency) : "—"}</td>
          </>
        )}
      />
      <RecordTable
        caption={t("import.kind.clients")}
        head={[t("import.where"), t("import.happens"), t("import.name"), t("import.email")]}
        items={outcome.clients}
        after={<MadeLink items={outcome.clients} href="/app/clients" label={t("import.openClients")} />}
        row={(client) => (
          <>
            {where(client, client.action)}
            <ActionCell action={client.action} committed={committed} />
            <td>{client.name}</td>
            <td>{client.email ?? "—"}</td>
          </>
        )}
      />
      <RecordTable
        caption={t("import.kind.products")}
        head={[t("import.where"), t("import.happens"), t("import.name"), t("import.sku")]}
        items={outcome.products}
        after={<MadeLink items={outcome.products} href="/app/products" label={t("import.openProducts")} />}
        row={(product) => (
          <>
            {where(product, product.action)}
            <ActionCell action={product.action} committed={committed} />
            <td>{product.name}</td>
            <td>{product.sku ?? "—"}</td>
          </>
        )}
      />
    </>
  );
}

/** Which problem a refused record led to: a new object each time, so asking twice for one moves focus again. */
type Target = { index: number };

/** Problems (or notes) at their places; the target is shown on its page, focused and marked. */
function PlacedTable({ id, caption, items, target }: { id: string; caption: string; items: readonly Problem[]; target: Target | null }): JSX.Element {
  const page = usePage(items);
  const { setOffset } = page;
  const current = target?.index ?? null;
  useEffect(() => {
    if (target) setOffset(Math.floor(target.index / PAGE_SIZE) * PAGE_SIZE);
  }, [target]);
  useEffect(() => {
    if (target) document.getElementById(`${id}-${target.index}`)?.focus();
  }, [target, page.offset]);
  return (
    <>
      <Table caption={caption} head={[t("import.where"), t("import.column"), t("import.value"), t("import.issue")]}>
        {page.shown.map((problem, index) => {
          const number = page.offset + index;
          return (
            <tr key={number} id={`${id}-${number}`} tabIndex={-1} class={number === current ? "import-current" : undefined}>
              <td>{placeText(problem)}</td>
              <td>{problem.column ?? problem.term ?? "—"}</td>
              <td>{problem.value ? <code>{problem.value}</code> : "—"}</td>
              <td>{problem.issue}</td>
            </tr>
          );
        })}
      </Table>
      <Pager total={items.length} limit={PAGE_SIZE} offset={page.offset} onPage={setOffset} />
    </>
  );
}

/** The problems of an outcome; `target`: the one a refused record led to. */
export function Problems({ problems, target = null }: { problems: readonly Problem[]; target?: Target | null }): JSX.Element | null {
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby="import-problems-title">
      <h3 id="import-problems-title">{t("import.problems")}</h3>
      <PlacedTable id="import-problem" caption={t("import.problems")} items={problems} target={target} />
    </section>
  );
}

export function Outcome({ outcome, committed }: Props): JSX.Element {
  // A new outcome (another check, the commit) starts with no problem singled out.
  const [target, setTarget] = useState<(Target & { outcome: ImportOutcome }) | null>(null);
  return (
    <>
      <Records outcome={outcome} committed={committed} onShow={(index) => setTarget({ outcome, index })} />
      <Problems problems={outcome.problems} target={target?.outcome === outcome ? target : null} />
      {outcome.notices.length > 0 && (
        <details class="import-notices">
          <summary>{t("import.notices", { count: numberText(outcome.notices.length) })}</summary>
          <p class="muted">{t("import.noticesHint")}</p>
          <PlacedTable id="import-notice" caption={t("import.noticesCaption")} items={outcome.notices} target={null} />
        </details>
      )}
    </>
  );
}
