// What the clients and products pages share: a searchable, paged list, one form that creates or
// edits, and deletion with a second click. Each page says which fields it has and how they map to
// its procedures' inputs.
import type { JSX } from "preact";
import { useRef, useState } from "preact/hooks";
import type { Scope } from "../../../domain/scopes.ts";
import { consoleTool, formToolAttributes, paramAttributes, toolAttributes, type ConsoleToolName } from "../bridge/index.ts";
import { usePageTool } from "../bridge/preact.ts";
import { ConfirmButton, ErrorNote, Field, Loading, PageTitle, Pager, Table } from "./components.tsx";
import { CountrySelect } from "./country-select.tsx";
import { useAction, useQuery, type Action } from "./hooks.ts";
import { t, type PhraseKey } from "./i18n/index.ts";
import { useInvalidField } from "./invalid-field.ts";
import { can, useSession } from "./session.ts";

export type FormValues = Record<string, string>;

export type FieldSpec = {
  name: string;
  label: PhraseKey;
  /** "country": a select of countries by name (country-select.tsx), its value the ISO 3166 code. */
  type?: "text" | "email" | "textarea" | "country";
  required?: boolean;
  maxLength?: number;
  pattern?: string;
  hint?: PhraseKey;
};

export type EntityPageSpec<Row extends { id: string; name: string }> = {
  title: PhraseKey;
  /** The page's browser-agent tools (their inputs are the form's fields and the row's id). */
  tools: { create: ConsoleToolName; delete: ConsoleToolName; idParam: string };
  writeScope: Scope;
  fields: FieldSpec[];
  columns: Array<{ label: PhraseKey; cell(row: Row): string }>;
  list(query: { q?: string; limit: number; offset: number }): Promise<{ data: Row[]; total: number }>;
  create(values: FormValues): Promise<Row>;
  update(id: string, values: FormValues): Promise<Row>;
  remove(id: string): Promise<unknown>;
  /** The form's values for a stored row. */
  valuesOf(row: Row): FormValues;
  /** Stored rows a new entry would repeat (the same name, or e-mail): the person is asked before a second one is made. */
  alike?(values: FormValues): Promise<Row[]>;
};

const PAGE_SIZE = 20;

/** An empty optional text field clears the value: null, as the update procedures take it. */
export function textOrNull(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** "These look like what you are about to create": create anyway, or edit the one there is. */
function AlikeNotice<Row extends { id: string; name: string }>({ alike, onCreate, onEdit }: { alike: Row[]; onCreate(): void; onEdit(row: Row): void }): JSX.Element {
  return (
    <div class="notice wide" role="alert">
      <p>{t("entities.alike", { names: alike.map((row) => row.name).join(", ") })}</p>
      <div class="actions">
        {alike.map((row) => (
          <button key={row.id} type="button" onClick={() => onEdit(row)}>
            {t("entities.editNamed", { name: row.name })}
          </button>
        ))}
        <button type="button" onClick={onCreate}>
          {t("entities.createAnyway")}
        </button>
      </div>
    </div>
  );
}

function EntityForm<Row extends { id: string; name: string }>({
  spec,
  editing,
  save,
  onSaved,
  onCancel,
  onEdit,
}: {
  spec: EntityPageSpec<Row>;
  editing: Row | null;
  save: Action<[FormValues], Row>;
  onSaved(row: Row): void;
  onCancel(): void;
  onEdit(row: Row): void;
}): JSX.Element {
  // A new entry that repeats stored ones waits here until the person says what they meant.
  const [held, setHeld] = useState<{ values: FormValues; alike: Row[] } | null>(null);
  const initial = editing ? spec.valuesOf(editing) : {};
  const create = consoleTool(spec.tools.create);
  // The new-entry form is the create tool's declarative twin; editing a row has no tool.
  const formTool = editing ? {} : formToolAttributes(create);
  const fieldTool = (name: string): Record<string, string> => (editing || !(name in create.inputSchema.properties) ? { name } : paramAttributes(create, name));
  const formRef = useRef<HTMLFormElement>(null);
  const saveValues = async (values: FormValues): Promise<void> => {
    setHeld(null);
    const row = await save.run(values);
    if (row) {
      formRef.current?.reset();
      onSaved(row);
    }
  };
  const submit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(event.currentTarget as HTMLFormElement).entries()].map(([name, value]) => [name, String(value)]));
    const alike = !editing && spec.alike ? await spec.alike(values).catch(() => []) : [];
    if (alike.length > 0) setHeld({ values, alike });
    else await saveValues(values);
  };
  const headingId = `${spec.tools.create}-form-title`.replace(".", "-");
  useInvalidField(formRef, save.failure);
  return (
    <section aria-labelledby={headingId} class="card">
      <h2 id={headingId}>{editing ? t("entities.edit", { name: editing.name }) : t("entities.new")}</h2>
      <form ref={formRef} key={editing?.id ?? "new"} class="grid-form" onSubmit={submit} {...formTool}>
        {spec.fields.map((field) => (
          <Field key={field.name} label={t(field.label)} hint={field.hint && t(field.hint)} wide={field.type === "textarea"}>
            {field.type === "textarea" ? (
              <textarea required={field.required} maxLength={field.maxLength} defaultValue={initial[field.name] ?? ""} {...fieldTool(field.name)} />
            ) : field.type === "country" ? (
              <CountrySelect name={field.name} required={field.required} value={initial[field.name] ?? null} {...fieldTool(field.name)} />
            ) : (
              <input type={field.type ?? "text"} required={field.required} maxLength={field.maxLength} pattern={field.pattern} defaultValue={initial[field.name] ?? ""} {...fieldTool(field.name)} />
            )}
          </Field>
        ))}
        <div class="actions wide">
          <button type="submit" class="primary" disabled={save.busy}>
            {editing ? t("common.save") : t("common.create")}
          </button>
          {editing && (
            <button type="button" onClick={onCancel}>
              {t("common.cancel")}
            </button>
          )}
        </div>
        {held && <AlikeNotice alike={held.alike} onCreate={() => void saveValues(held.values)} onEdit={(row) => (setHeld(null), onEdit(row))} />}
        <ErrorNote error={save.error} />
      </form>
    </section>
  );
}

export function EntityPage<Row extends { id: string; name: string }>({ spec }: { spec: EntityPageSpec<Row> }): JSX.Element {
  const { me } = useSession();
  const [search, setSearch] = useState({ q: "", offset: 0 });
  const [editing, setEditing] = useState<Row | null>(null);
  const list = useQuery(() => spec.list({ ...(search.q ? { q: search.q } : {}), limit: PAGE_SIZE, offset: search.offset }), [search.q, search.offset]);
  const save = useAction(
    (values: FormValues) => (editing ? spec.update(editing.id, values) : spec.create(values)),
    (row) => t(editing ? "entities.updated" : "entities.created", { name: row.name }),
  );
  const saved = (row: Row): Row => {
    setEditing(null);
    list.reload();
    return row;
  };
  const remove = useAction(
    async (row: Row) => {
      await spec.remove(row.id);
      list.reload();
      return row;
    },
    (row) => t("entities.deleted", { name: row.name }),
  );
  const writable = can(me, spec.writeScope);

  // The create form and the delete buttons, for an agent in the browser (a delete waits for the person).
  const deleteTool = consoleTool(spec.tools.delete);
  const rowOf = (input: Record<string, unknown>): Row | undefined => list.data?.data.find((row) => row.id === input[spec.tools.idParam]);
  usePageTool(writable && !editing && { ...consoleTool(spec.tools.create), execute: async (input) => saved(await save.perform(Object.fromEntries(Object.entries(input).map(([name, value]) => [name, String(value)])))) });
  usePageTool(
    writable && {
      ...deleteTool,
      describeCall: (input) => rowOf(input)?.name ?? String(input[spec.tools.idParam]),
      execute: (input) => {
        const row = rowOf(input);
        if (!row) throw new Error(`${String(input[spec.tools.idParam])} is not in the list on this page`);
        return remove.perform(row);
      },
    },
  );
  return (
    <>
      <PageTitle>{t(spec.title)}</PageTitle>
      {writable && <EntityForm<Row> spec={spec} editing={editing} save={save} onSaved={saved} onCancel={() => setEditing(null)} onEdit={setEditing} />}
      <form
        class="filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch({ q: String(new FormData(event.currentTarget).get("q") ?? "").trim(), offset: 0 });
        }}
      >
        <Field label={t("common.search")}>
          <input type="search" name="q" maxLength={200} />
        </Field>
        <div class="actions">
          <button type="submit">{t("common.search")}</button>
        </div>
      </form>
      <ErrorNote error={list.error ?? remove.error} />
      {list.loading && !list.data && <Loading />}
      {list.data?.total === 0 && <p>{t("entities.none")}</p>}
      {list.data && list.data.total > 0 && (
        <>
          <Table caption={t(spec.title)} head={[...spec.columns.map((column) => t(column.label)), ...(writable ? [t("common.actions")] : [])]}>
            {list.data.data.map((row) => (
              <tr key={row.id}>
                {spec.columns.map((column, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={index}>{column.cell(row)}</td>
                  ),
                )}
                {writable && (
                  <td class="row-actions">
                    <button type="button" onClick={() => setEditing(row)} aria-label={t("entities.editNamed", { name: row.name })}>
                      {t("common.edit")}
                    </button>
                    <ConfirmButton
                      label={t("common.delete")}
                      question={t("entities.deleteQuestion", { name: row.name })}
                      busy={remove.busy}
                      onConfirm={() => void remove.run(row)}
                      tool={toolAttributes(deleteTool, { [spec.tools.idParam]: row.id })}
                    />
                  </td>
                )}
              </tr>
            ))}
          </Table>
          <Pager total={list.data.total} limit={PAGE_SIZE} offset={search.offset} onPage={(offset) => setSearch({ ...search, offset })} />
        </>
      )}
    </>
  );
}
